import Persistence
import ConfigLoading
import Controls
import Core
import Formats
import Platform
import Raster
import Widgets

/// The one command API, as the runtime does it: every adapter's request ends here.
extension KioskRuntime: KioskAPI {
    public var eventLoop: EventLoop { loop }
    public var screenPower: ScreenPower { idle.power }
    public var isHeadless: Bool { presenter.display.kind == .headless }
    public var saveProgress: SaveProgress { services.state.progress }
    public func isSaved(_ id: String, _ value: StoredValue) -> Bool { services.state.isSaved(id, value) }

    public func perform(_ command: KioskCommand, from source: CommandSource) -> Result<KioskResult, KioskCommandError> {
        if let refusal = quarantine.refusal(of: command, from: source) { return .failure(refusal) }
        let now = monotonicNow()
        switch command {
        case .list:
            return .success(
                .listing(
                    KioskListing(
                        elements: screen.elements.map { e in
                            KioskListing.Element(
                                id: e.id, kind: e.kind, value: e.value,
                                details: e.describe(time: now).jsonPairs + invalidDetail(e.id))
                        }, screen: screen.config.id, screens: config.screens.map(\.id),
                        variables: variables.json(now: now))))
        case .get(let id):
            do { return .success(.value(id: id, value: try controlValue(id, now: now))) } catch {
                return .failure(KioskCommandError(error.description))
            }
        case .set(let id, let value):
            let result = set(id, value, from: source, now: now)
            followDeviceResult(id, facet: InvalidValues.value, refused: result.refusal, from: source, now: now)
            return result
        case .press(let id):
            return press(id, now: now)
        case .showScreen(let id):
            guard let index = config.screens.firstIndex(where: { $0.id == id }) else {
                return .failure(
                    KioskCommandError(
                        "no screen \"\(id)\": the screens are " + config.screens.map(\.id).joined(separator: ", ")))
            }
            services.state.flushPending()
            show(screenIndex: index, time: now)
            return .success(.screen(id: id))
        case .setVariable(let id, let value):
            return setVariable(id, value, now: now)
        case .tap(let point):
            do throws(TouchInput.QueueFull) {
                return .success(.queued(try touches.queueTap(at: point, now: now)))
            } catch { return .failure(KioskCommandError(error.description)) }
        case .drag(let from, let to, let duration, let steps):
            // Bounded so a request cannot queue minutes of touches or a million moves.
            let n = max(1, min(1000, steps)), seconds = max(0, min(60, duration))
            do throws(TouchInput.QueueFull) {
                return .success(
                    .queued(try touches.queueDrag(from: from, to: to, duration: seconds, steps: n, now: now)))
            } catch { return .failure(KioskCommandError(error.description)) }
        case .reload:
            let errors = reload()
            return errors.isEmpty
                ? .success(.done) : .failure(KioskCommandError("config invalid; kept the running one", errors: errors))
        case .screenshot:
            return screenshot()
        case .stats:
            return .success(
                .stats(
                    KioskStats(
                        wakeups: loop.wakeups, frames: presenter.framesRendered, state: services.state.stats,
                        latency: presenter.latency.stats, touches: touches.queueStats(now: now),
                        adapters: adapters.compactMap { a in a.statsSection.map { (a.name, $0) } })))
        case .version:
            return .success(.version(thumbwheelVersion))
        case .screenPower(let on, let brightness):
            if let b = brightness, !b.isFinite || b < 0 || b > 1 {
                return .failure(
                    KioskCommandError("brightness: expected a number from 0 to 1, found \(NumberFormat.plain(b))"))
            }
            let before = idle.power
            idle.setPower(on: on, brightness: brightness, now: now)
            if idle.power != before { broadcast(.screenPower(idle.power), now: now) }
            return .success(.screenPower(idle.power))
        case .setProperty(let id, let key, let value):
            let result = setProperty(id, key, value, from: source, now: now)
            followDeviceResult(id, facet: key, refused: result.refusal, from: source, now: now)
            return result
        case .note(let id, let text, let seconds):
            guard config.allControls.contains(where: { $0.id == id }) else {
                return .failure(KioskCommandError(unknownControl(id).description))
            }
            let canvas = presenter.bitmap
            screen.view.showNote(
                text, on: id, until: now + max(0.1, min(seconds, 60)),
                canvas: Size(Double(canvas.width), Double(canvas.height)))
            presenter.invalidate()
            return .success(.done)
        case .setAvailable(let id, let available):
            let isControl = config.allControls.contains(where: { $0.id == id })
            guard isControl || variables.board.variable(id) != nil else {
                return .failure(KioskCommandError(unknownControl(id).description))
            }
            // A device confirms availability with every state it sends: only a change is shown. Text
            // showing the value dims (the board); the control itself is veiled.
            let dimmed = variables.setAvailable(id, available)
            let changed = isControl && (available ? unavailable.remove(id) != nil : unavailable.insert(id).inserted)
            guard changed || dimmed else { return .success(.done) }
            refreshElements(now: now)
            showAvailability()
            presenter.invalidate()
            return .success(.done)
        case .linkStatus(let status):
            showLinkStatus(status, now: now)
            return .success(.done)
        }
    }

    /// An element's key changed from outside: checked, kept, and the element built again in place.
    private func setProperty(
        _ id: String, _ key: String, _ value: JSON, from source: CommandSource, now: MonotonicTime
    ) -> Result<KioskResult, KioskCommandError> {
        guard let c = config.allControls.first(where: { $0.id == id }) else {
            return .failure(KioskCommandError(unknownControl(id).description))
        }
        do throws(PropertyError) {
            let taken = try PropertyEdits.value(value, key: key, of: c, in: config)
            if key == "min" || key == "max" {
                var keys = properties[id] ?? [:]
                keys[key] = taken
                let (low, high) = ElementKeys.range(DynamicKeys.applying(keys, to: c).properties)
                if low == high {
                    throw PropertyError("\(id).\(key): expected a value other than the other end (\(low)), found it")
                }
            }
            properties[id, default: [:]][key] = taken
            if properties[id]?.isEmpty == true { properties[id] = nil }
        } catch {
            return .failure(KioskCommandError(error.description))
        }
        // Timed like a set: the frame that shows the new key is what the sender waits for.
        presenter.noteChange(source == .mqtt ? .mqttSet : .socketSet, at: now)
        refreshElements(now: now)
        return .success(.done)
    }

    /// Builds again the elements whose keys changed (values their templates and conditions read,
    /// properties set from outside) and shows which are disabled.
    func refreshElements(now: MonotonicTime) {
        guard screen.refresh(overrides: properties, time: now) else { return }
        showAvailability()
        presenter.invalidate()
    }

    /// Puts `unavailable` (and the disabled elements) on the shown screen: veiled, refusing touches;
    /// and the elements holding an invalid device value (`InvalidValues`): veiled, taking touches.
    func showAvailability() { showAvailability(on: screen) }

    /// The same on `screen`, shown or about to be.
    func showAvailability(on screen: KioskScreen) {
        let ids = Set(screen.elements.map(\.id))
        let refused = unavailable.intersection(ids).union(screen.disabledIDs).union(screen.readingUnavailable)
        screen.view.unavailable = refused.union(invalidValues.ids.intersection(ids))
        screen.router.refused = refused
    }

    /// A `set` from outside, validated and clamped exactly like a finger's; the change reaches the
    /// state file and every adapter. A socket's reply waits for the disk, so for it the frame is drawn
    /// and the save handed to the writer thread at once (the frame first: it never waits for the disk).
    private func set(
        _ id: String, _ value: StoredValue, from source: CommandSource, now: MonotonicTime
    ) -> Result<KioskResult, KioskCommandError> {
        do {
            let taken = try setControl(id, value, now: now, cause: .command(source))
            // Kept for a finger's element: nothing changes on screen, so no frame is timed against it.
            if heldSets.isKept(id) { return .success(.value(id: id, value: taken)) }
            switch source {
            case .mqtt: presenter.noteChange(.mqttSet, at: now)
            // A device's state is timed from its arrival: the read of the descriptor it came in on.
            case .device: presenter.noteChange(.deviceSet, at: loop.handlerStarted ?? now)
            default: presenter.noteChange(.socketSet, at: now)
            }
            if source == .socket {
                deliverEvents(now: now, cause: .command(source))
                presenter.renderIfNeeded(screen, moving: false, now: now)
                services.state.flushPending()
            }
            return .success(.value(id: id, value: taken))
        } catch {
            return .failure(KioskCommandError(error.description))
        }
    }

    /// A press from outside (Home Assistant's button): the button's actions run as for a tap, on any
    /// screen (a panel's buttons are the house's, not only the page in view), and every adapter hears
    /// of it.
    private func press(_ id: String, now: MonotonicTime) -> Result<KioskResult, KioskCommandError> {
        guard let e = screen.element(id: id) ?? offscreenElement(id, now: now),
            ElementKinds.named(e.kind)?.exposure(e.config.properties) == .press
        else {
            return .failure(KioskCommandError("no button \"\(id)\" on any screen"))
        }
        broadcast(.control(id: e.id, event: .touchUpInside, value: e.value), now: now)
        presenter.invalidate()
        perform(e.actions(for: .touchUpInside).map { (e, $0) }, now: now, depth: 0)
        return .success(.done)
    }

    /// The current frame as a PNG, encoded in memory (once per frame: a client asking again and again
    /// must not cost an encoding each time).
    private func screenshot() -> Result<KioskResult, KioskCommandError> {
        if let last = lastScreenshot, last.frame == presenter.framesRendered { return .success(last.result) }
        do {
            let bitmap = presenter.bitmap
            let result = KioskResult.screenshot(
                width: bitmap.width, height: bitmap.height, png: try PNGImage.encode(bitmap))
            lastScreenshot = (presenter.framesRendered, result)
            return .success(result)
        } catch {
            return .failure(KioskCommandError("screenshot: \(error)"))
        }
    }

    /// Every control's latest value, on every screen: the config's, over it what the state file holds,
    /// over that the shown screen's controls as they are now.
    public func currentValues() -> [(String, StoredValue)] {
        var values = ControlValues.initial(of: config).merging(services.state.values) { $1 }
        for e in screen.elements { if let v = e.value { values[e.id] = v } }
        return values.sorted { $0.key < $1.key }
    }

    public func variableValues() -> [(String, TemplateValue)] {
        variables.board.variables.compactMap { v in v.value.map { (v.declaration.id, $0) } }
    }

    /// Tells every adapter of `event`.
    func broadcast(_ event: KioskEvent, now: MonotonicTime) {
        // Every change of a number passes here: the charts' history takes those it tracks.
        switch event {
        case .valueChanged(let id, .single(let v), _, _), .variable(let id, .number(let v)):
            variables.board.history.record(id, v, at: now)
        default: break
        }
        for a in adapters { a.receive(event, now: now) }
    }
}

extension Result<KioskResult, KioskCommandError> {
    /// Why the command was refused, or nil when it was done.
    var refusal: String? {
        if case .failure(let refused) = self { return refused.description }
        return nil
    }
}
