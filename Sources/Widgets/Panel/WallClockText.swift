/// The wall time as templates show it (`{now:HH:mm}`, `{now:date}`, `{now:weekday}`): local seconds
/// since 1970 (the kiosk adds the zone's offset at the edge) turned into a civil date with Howard
/// Hinnant's days-from-civil inverse, and written with a small pattern language. Pure: no clock.
public enum WallClockText {
    /// The name templates use for the wall time.
    public static let name = "now"

    /// Month and weekday names per language (`[display] locale`); English when the language is not here.
    public struct Names: Sendable {
        public var months: [String]
        public var weekdays: [String]  // Monday first

        public static let byLanguage: [String: Names] = [
            "en": Names(
                months: [
                    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                    "November", "December",
                ],
                weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
            "de": Names(
                months: [
                    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                    "November", "Dezember",
                ],
                weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]),
            "fr": Names(
                months: [
                    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                    "novembre", "décembre",
                ],
                weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]),
            "es": Names(
                months: [
                    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                    "noviembre", "diciembre",
                ],
                weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]),
            "it": Names(
                months: [
                    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                    "ottobre", "novembre", "dicembre",
                ],
                weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"]),
            "nl": Names(
                months: [
                    "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
                    "november", "december",
                ],
                weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"]),
        ]

        /// The names for a locale such as `de_DE.UTF-8` or `fr`.
        public static func of(locale: String) -> Names {
            byLanguage[String(locale.prefix { $0.isLetter }).lowercased()] ?? byLanguage["en"]!
        }
    }

    /// A civil date and time.
    public struct Civil: Equatable, Sendable {
        public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        /// 0 = Monday … 6 = Sunday.
        public var weekday: Int
    }

    /// The civil date of `localSeconds` (seconds since 1970-01-01 00:00 in local time).
    public static func civil(_ localSeconds: Double) -> Civil {
        let total = Int((localSeconds).rounded(.down))
        var days = total / 86_400, rest = total % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        // 1970-01-01 was a Thursday (3, Monday being 0).
        let weekday = ((days % 7) + 7 + 3) % 7
        return Civil(
            year: year, month: month, day: day, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60,
            weekday: weekday)
    }

    /// The named patterns: `date`, `weekday`, `time` (the default).
    public static let aliases = ["date": "EEEE d MMMM", "weekday": "EEEE", "time": "HH:mm", "": "HH:mm"]

    /// The letters a pattern may use: H/HH hour, mm minute, ss second, d/dd day, M/MM/MMM/MMMM month,
    /// yy/yyyy year, EEE/EEEE weekday; anything else is written as it is.
    public static let patternLetters: Set<Character> = ["H", "m", "s", "d", "M", "y", "E"]

    /// `localSeconds` written in `pattern` (or an alias) with `names`.
    public static func text(_ localSeconds: Double, pattern: String, names: Names) -> String {
        let c = civil(localSeconds)
        let chars = Array(aliases[pattern] ?? pattern)
        var out = "", i = 0
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        while i < chars.count {
            let ch = chars[i]
            var n = 1
            while i + n < chars.count && chars[i + n] == ch { n += 1 }
            switch (ch, n) {
            case ("H", 1): out += "\(c.hour)"
            case ("H", _): out += two(c.hour)
            case ("m", _): out += two(c.minute)
            case ("s", _): out += two(c.second)
            case ("d", 1): out += "\(c.day)"
            case ("d", _): out += two(c.day)
            case ("M", 1): out += "\(c.month)"
            case ("M", 2): out += two(c.month)
            case ("M", 3): out += String(names.months[c.month - 1].prefix(3))
            case ("M", _): out += names.months[c.month - 1]
            case ("y", 2): out += two(c.year % 100)
            case ("y", _): out += "\(c.year)"
            case ("E", 1...3): out += String(names.weekdays[c.weekday].prefix(3))
            case ("E", _): out += names.weekdays[c.weekday]
            default: out += String(repeating: ch, count: n)
            }
            i += n
        }
        return out
    }
}
