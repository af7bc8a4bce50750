import Widgets

extension IconConfig {
    /// What an error about `written` (`mdi:NAME`, not one of `names`) adds after "found …": that the
    /// name is a newer Material Design Icons release's and how to draw from that release, when it is;
    /// else the nearest name of the font in use, when one is close; else nothing.
    func unknownNameHint(_ written: String) -> String {
        let name = String(written.dropFirst(IconNames.prefix.count))
        if NewerIconNames.contains(name) {
            return
                "; it is an icon of Material Design Icons \(NewerIconNames.release), newer than this font: install the thumbwheel package (it ships MDI \(NewerIconNames.release) in \(IconConfig.installed[0]) and uses it), or run scripts/mdi7 DIR and set [icons] font and names to the files it writes"
        }
        return Validator.suggestion(for: name, among: names.names).map { "; did you mean \"mdi:\($0)\"?" } ?? ""
    }
}
