#pragma once
#include <libevdev/libevdev.h>
#include <linux/input.h>
