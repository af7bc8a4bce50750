/// A parsed TOML value (see `TOMLParser`), keys in file order.
public indirect enum TOMLNode {
    /// A string, escapes resolved.
    case string(String)
    /// An integer (decimal, hex, octal or binary in the file).
    case int(Int)
    /// A float, `inf` and `nan` included.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// An array, items in file order.
    case array([TOMLNode])
    /// A table (standard, inline, or an element of an array of tables), keys in file order.
    case table([(key: String, value: TOMLNode)])
    /// A date or time, checked but kept only as its kind ("date", "time" or "dateTime"): the parser
    /// was written for configs, whose keys take none.
    case other(String)
}
