/// The program's version, printed by `thumbwheel --version` and reported on the control socket.
public let thumbwheelVersion = "0.1.0"
