import Core
import Widgets

/// The frames of elements that cards place (`in = "CARD"`), and the order a screen's elements are drawn
/// in. A pure function of the elements as written, run once by the loader, so the kiosk, `render` and
/// the socket only ever see plain frames.
///
/// Drawing order: the file's, except that a card is drawn behind everything it contains — the elements
/// it lays out (and theirs) and those whose frames lie within its own — even when they come before it
/// in the file. A background image written first stays behind the cards written after it.
enum ScreenLayout {
    /// One element as the loader read it.
    struct Item: Equatable {
        public var id: String
        /// Whether it is a card (only cards contain and lay out elements).
        var isCard = false
        /// The frame written in the file, nil when a card places it.
        var frame: Rect?
        /// The `in` key: the id of the card that places it.
        var container: String?
        /// A card's layout (nil for other kinds).
        var layout: CardLayout?
    }

    /// A mistake, on key `key` of element `index`.
    struct Problem: Equatable {
        var index: Int
        var key: String
        var message: String
    }

    struct Result: Equatable {
        /// Every element's frame in points, nil where it could not be placed (a problem says why).
        var frames: [Rect?]
        /// Element indices back to front.
        var order: [Int]
        var problems: [Problem]
    }

    static func resolve(_ items: [Item]) -> Result {
        var solver = Solver(items: items)
        let frames = items.indices.map { solver.frame($0) }
        let order = drawingOrder(items, frames: frames, parents: solver.parents)
        return Result(
            frames: frames, order: order, problems: solver.problems.sorted { ($0.index, $0.key) < ($1.index, $1.key) })
    }

    /// Frames by recursion over the `in` chains (cards may sit in cards, in any file order), each
    /// computed once; a chain that comes back to itself is a mistake, not a hang.
    private struct Solver {
        let items: [Item]
        /// The index of the card placing each element, where `in` names a card with a layout.
        var parents: [Int?]
        /// The elements each card places, in file order.
        var children: [Int: [Int]] = [:]
        var problems: [Problem] = []
        private var memo: [Int: Rect?] = [:]
        private var visiting: Set<Int> = []
        private var cells: [Int: [Rect]] = [:]

        init(items: [Item]) {
            self.items = items
            var byID: [String: Int] = [:]
            for (i, item) in items.enumerated() where byID[item.id] == nil { byID[item.id] = i }
            parents = Array(repeating: nil, count: items.count)
            for (i, item) in items.enumerated() {
                guard let name = item.container else { continue }
                guard let p = byID[name], items[p].isCard else {
                    let found =
                        byID[name] == nil
                        ? "\"\(name)\", the id of no element on this screen" : "\"\(name)\", which is not a card"
                    problems.append(
                        Problem(index: i, key: "in", message: "expected the id of a card with a layout, found \(found)")
                    )
                    continue
                }
                guard items[p].layout?.arrangement != nil else {
                    problems.append(
                        Problem(
                            index: i, key: "in",
                            message:
                                "expected the id of a card with a layout, found \"\(name)\", a card without `layout`"))
                    continue
                }
                if p == i {
                    problems.append(
                        Problem(
                            index: i, key: "in",
                            message: "expected the id of another card, found its own id \"\(name)\""))
                    continue
                }
                parents[i] = p
                children[p, default: []].append(i)
            }
        }

        mutating func frame(_ i: Int) -> Rect? {
            if let known = memo[i] { return known }
            guard let p = parents[i] else { return items[i].frame }
            if visiting.contains(i) {
                problems.append(
                    Problem(
                        index: i, key: "in",
                        message: "expected a card outside this element, found \"\(items[p].id)\", which lies inside it")
                )
                memo[i] = .some(nil)
                return nil
            }
            visiting.insert(i)
            defer { visiting.remove(i) }
            var result: Rect?
            if let cardCells = cellsOf(p), let slot = children[p]?.firstIndex(of: i) { result = cardCells[slot] }
            if memo[i] == nil { memo[i] = .some(result) }
            return memo[i] ?? nil
        }

        /// The cells of card `p`, or nil when the card itself has no frame or no room for its elements.
        private mutating func cellsOf(_ p: Int) -> [Rect]? {
            if let known = cells[p] { return known.isEmpty ? nil : known }
            cells[p] = []  // nothing yet, while the card's own frame is resolved
            guard let frame = frame(p), let layout = items[p].layout, let kids = children[p] else { return nil }
            let placed = layout.cells(count: kids.count, in: frame)
            if let first = placed.first, first.width <= 0 || first.height <= 0 {
                problems.append(
                    Problem(
                        index: p, key: "layout",
                        message:
                            "expected room for \(kids.count) element\(kids.count == 1 ? "" : "s") inside the padding, title and gaps, found cells of \(Self.points(first.width)) x \(Self.points(first.height)) points"
                    ))
                return nil
            }
            cells[p] = placed
            return placed
        }

        static func points(_ v: Double) -> String { NumberFormat.plain((v * 10).rounded() / 10) }
    }

    /// Back to front: file order, each card moved in front of (drawn before) the first element it contains.
    private static func drawingOrder(_ items: [Item], frames: [Rect?], parents: [Int?]) -> [Int] {
        func placedIn(_ i: Int, _ card: Int) -> Bool {
            var p = parents[i]
            var steps = 0
            while let q = p, steps <= items.count {
                if q == card { return true }
                p = parents[q]; steps += 1
            }
            return false
        }
        func contains(_ card: Int, _ i: Int) -> Bool {
            guard card != i, items[card].isCard else { return false }
            if placedIn(i, card) { return true }
            if placedIn(card, i) { return false }
            guard let outer = frames[card], let inner = frames[i], outer.union(inner) == outer else { return false }
            // Two cards of one frame: the one written first is the outer one.
            return !(items[i].isCard && inner == outer && i < card)
        }
        var order: [Int] = []
        var emitted = Set<Int>(), visiting = Set<Int>()
        func emit(_ i: Int) {
            guard !emitted.contains(i), !visiting.contains(i) else { return }
            visiting.insert(i)
            for card in items.indices where contains(card, i) { emit(card) }
            visiting.remove(i)
            emitted.insert(i)
            order.append(i)
        }
        for i in items.indices { emit(i) }
        return order
    }
}
