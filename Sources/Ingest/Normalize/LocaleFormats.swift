import Foundation

/// What a locale identifier says about numbers, dates and ambiguous currency signs: CLDR's
/// answer (`LocaleData`) first; the small tables here answer for identifiers ICU has no data
/// for and decide ambiguous signs (`$`, `kr`, `Rs`) a locale's own symbols do not settle.
package enum LocaleFormats {
    /// Why `identifier` names no locale ICU knows, nil when it names one (`LocaleData.problem`).
    package static func problem(_ identifier: String) -> String? { LocaleData.problem(identifier) }

    /// Languages that write `1.299,00` (decimal comma).
    static let commaLanguages: Set<String> = [
        "de", "fr", "es", "it", "pt", "nl", "ru", "pl", "tr", "sv", "nb", "nn", "no", "da", "fi", "cs", "sk",
        "id", "vi", "ro", "bg", "uk", "hr", "sl", "sr", "hu", "el", "lt", "lv", "et", "is", "ca", "gl", "eu",
        "az", "kk", "be", "mk", "sq", "bs", "af",
    ]
    /// Regions that use a decimal point although their language usually has a comma.
    static let pointRegions: Set<String> = ["CH", "LI", "MX", "US", "PR", "GT", "DO", "HN", "NI", "SV", "PA", "PE"]

    /// The decimal mark of a locale, nil when there is no locale.
    static func decimalMark(_ context: NormalizeContext) -> DecimalMark? {
        guard let language = context.language else { return nil }
        if let data = context.locale.flatMap(LocaleData.named) { return data.decimalMark }
        if let region = context.region, pointRegions.contains(region) { return .point }
        if language == "en", context.region == "ZA" { return .comma }
        return commaLanguages.contains(language) ? .comma : .point
    }

    /// The numeric date order of a locale: month first in the US, year first in East Asia.
    static func dateOrder(_ context: NormalizeContext) -> DateOrder? {
        guard let language = context.language else { return nil }
        if let data = context.locale.flatMap(LocaleData.named), let order = data.dateOrder { return order }
        switch language {
        case "zh", "ja", "ko", "hu", "lt", "mn": return .yearMonthDay
        default: break
        }
        let region = context.region
        if region == "US" || region == "PH" || region == "FM" || region == "PR" { return .monthDayYear }
        if language == "en" && region == nil { return .monthDayYear }
        return .dayMonthYear
    }

    static func dateOrder(locale: String?) -> DateOrder? {
        guard let locale else { return nil }
        return dateOrder(NormalizeContext(today: CalendarDate(unchecked: 2000, 1, 1), locale: locale))
    }

    /// `$` by region.
    static let dollarRegions: [String: String] = [
        "US": "USD", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "MX": "MXN", "SG": "SGD", "HK": "HKD",
        "TW": "TWD", "CL": "CLP", "CO": "COP", "AR": "ARS", "UY": "UYU", "BR": "BRL", "JM": "JMD",
        "TT": "TTD", "BS": "BSD", "BB": "BBD", "BZ": "BZD", "FJ": "FJD", "LR": "LRD", "NA": "NAD",
        "GY": "GYD", "SR": "SRD", "BN": "BND", "KY": "KYD", "BM": "BMD", "EC": "USD", "SV": "USD",
        "PR": "USD", "PA": "USD", "DO": "DOP", "CU": "CUP", "NI": "NIO", "ZW": "USD",
    ]
    static let kroneRegions: [String: String] = ["NO": "NOK", "SE": "SEK", "DK": "DKK", "IS": "ISK", "FO": "DKK", "GL": "DKK", "SJ": "NOK"]
    static let kroneLanguages: [String: String] = ["nb": "NOK", "nn": "NOK", "no": "NOK", "sv": "SEK", "da": "DKK", "is": "ISK", "fo": "DKK"]
    static let rupeeRegions: [String: String] = ["IN": "INR", "PK": "PKR", "LK": "LKR", "NP": "NPR", "MU": "MUR", "SC": "SCR"]
    static let riyalRegions: [String: String] = ["SA": "SAR", "AE": "AED", "QA": "QAR", "OM": "OMR", "MA": "MAD", "YE": "YER", "IR": "IRR"]
    static let dinarRegions: [String: String] = ["KW": "KWD", "BH": "BHD", "JO": "JOD", "IQ": "IQD", "LY": "LYD", "TN": "TND", "DZ": "DZD", "RS": "RSD"]
    static let poundRegions: [String: String] = ["GB": "GBP", "EG": "EGP", "LB": "LBP", "SY": "SYP", "SD": "SDG", "SS": "SSP", "GI": "GIP", "FK": "FKP"]
    static let pesoRegions: [String: String] = ["MX": "MXN", "CL": "CLP", "CO": "COP", "AR": "ARS", "UY": "UYU", "PH": "PHP", "DO": "DOP", "CU": "CUP"]
}
