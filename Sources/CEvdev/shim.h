#pragma once
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>

/// The seconds of an event's timestamp: `input_event_sec` names a different field on 32-bit
/// systems with 64-bit time (armhf Raspberry Pi OS), so Swift cannot spell it directly.
static inline long long tw_input_event_sec(const struct input_event *ev) { return (long long)ev->input_event_sec; }
/// The microseconds of an event's timestamp (see `tw_input_event_sec`).
static inline long tw_input_event_usec(const struct input_event *ev) { return (long)ev->input_event_usec; }
