// libmosquitto, the MQTT client the kiosk drives from its own epoll loop (no mosquitto_loop_start:
// the kiosk has one thread).
#pragma once
#include <mosquitto.h>
