// Tesseract's C API and Leptonica (Debian: libtesseract-dev, libleptonica-dev).
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

// Debian builds libtesseract with OpenMP (libgomp). These two calls are how the engine keeps
// OpenMP to one thread per recognising thread; they are declared here rather than taken from
// <omp.h> because that header lives in GCC's private include folder.
void omp_set_num_threads(int num_threads);
void omp_set_max_active_levels(int max_levels);
