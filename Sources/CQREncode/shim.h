#pragma once
// libqrencode (Debian's libqrencode-dev): QR symbols computed in memory, no I/O, so the pure Widgets
// module may call it.
#include <qrencode.h>
