import Formats

/// Key paths of config values, as error messages write them.
public enum ConfigKeyPath {
    /// Components such as `["screens", "[0]", "controls", "[2]", "max"]` as `screens[0].controls[2].max`:
    /// the parser's own form (`TOMLKeyPath`), so a path finds its place in the file.
    public static func text(_ path: [String]) -> String { TOMLKeyPath.text(path) }
}
