import CTesseract
import Foundation

/// Keeps Tesseract's OpenMP to one thread per recognising thread.
///
/// Debian's libtesseract runs parts of its LSTM in OpenMP parallel regions. On a small machine
/// those extra threads compete with each other (and with our own one-engine-per-core workers):
/// a phone screenshot took four times as long as with `OMP_THREAD_LIMIT=1`. That variable is
/// read only when libgomp loads, so setting it from inside the process does nothing. The
/// per-thread controls do work: `max-active-levels` 0 makes every parallel region run on the
/// calling thread alone (it wins over the `num_threads` clauses Tesseract writes), and
/// `num-threads` 1 covers the regions without such a clause. Both are per-thread settings in
/// libgomp, so they are applied on each thread that recognises, before it recognises.
enum OpenMPThreads {
    /// `INGEST_OCR_OPENMP=library` leaves libgomp's defaults alone (for the benchmark).
    static let enabled: Bool = {
        ProcessInfo.processInfo.environment["INGEST_OCR_OPENMP"] != "library"
    }()

    /// Applies the one-thread settings to the calling thread.
    static func limitCurrentThread() {
        guard enabled else { return }
        omp_set_max_active_levels(0)
        omp_set_num_threads(1)
    }
}
