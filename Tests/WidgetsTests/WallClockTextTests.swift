import Testing
@testable import Widgets

/// The wall time in templates: civil dates from local seconds, patterns, names per language.
@Suite("Wall clock text")
struct WallClockTextTests {
    /// Local seconds of a civil date (independent arithmetic: days of the years and months before).
    static func seconds(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Double {
        func leap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        var days = 0
        if y >= 1970 {
            for year in 1970..<y { days += leap(year) ? 366 : 365 }
        } else {
            for year in y..<1970 { days -= leap(year) ? 366 : 365 }
        }
        let lengths = [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        days += lengths.prefix(m - 1).reduce(0, +) + d - 1
        return Double(days * 86_400 + h * 3600 + min * 60)
    }

    @Test("Civil dates and weekdays across leap years, centuries and before 1970")
    func civil() {
        let cases: [(Int, Int, Int, Int)] = [
            (1970, 1, 1, 3), (2000, 2, 29, 1), (2026, 11, 27, 4), (1900, 3, 1, 3), (2100, 2, 28, 6), (1969, 12, 31, 2),
        ]
        for (y, m, d, weekday) in cases {
            let c = WallClockText.civil(Self.seconds(y, m, d, 13, 7))
            #expect(
                c.year == y && c.month == m && c.day == d && c.hour == 13 && c.minute == 7 && c.weekday == weekday,
                "\(y)-\(m)-\(d): \(c)")
        }
        // Every day of 1999…2001 round-trips.
        var t = Self.seconds(1999, 1, 1)
        for _ in 0..<1096 {
            let c = WallClockText.civil(t)
            #expect(Self.seconds(c.year, c.month, c.day) == t)
            t += 86_400
        }
    }

    @Test("Patterns and aliases, in English and German")
    func patterns() {
        let t = Self.seconds(2026, 11, 27, 7, 5)
        let en = WallClockText.Names.of(locale: "en"), de = WallClockText.Names.of(locale: "de_DE.UTF-8")
        #expect(WallClockText.text(t, pattern: "", names: en) == "07:05")
        #expect(WallClockText.text(t, pattern: "H:mm", names: en) == "7:05")
        #expect(WallClockText.text(t, pattern: "date", names: en) == "Friday 27 November")
        #expect(WallClockText.text(t, pattern: "date", names: de) == "Freitag 27 November")
        #expect(WallClockText.text(t, pattern: "EEE d MMM yyyy", names: de) == "Fre 27 Nov 2026")
        #expect(WallClockText.text(t, pattern: "dd.MM.yy", names: en) == "27.11.26")
        #expect(WallClockText.Names.of(locale: "xx").months[0] == "January")
    }

    @Test("{now:…} in a template is a wall time; other names keep number formats")
    func template() throws {
        let template = try TextTemplate(parsing: "{now:HH:mm} · {now:weekday} · {t:.1}")
        let t = Self.seconds(2026, 11, 27, 21, 30)
        let text = template.render({ $0 == "now" ? .number(t) : $0 == "t" ? .number(4.25) : nil })
        #expect(text == "21:30 · Friday · 4.3" || text == "21:30 · Friday · 4.2")
        #expect(try TextTemplate(parsing: "{now}").render({ _ in nil }) == TextTemplate.missing)
    }
}
