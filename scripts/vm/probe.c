/*
 * tw-probe: the stand-in kiosk that proves the real-kernel harness before Thumbwheel can run in it.
 *
 * Runs in the guest from the same systemd unit as Thumbwheel (User=thumbwheel, the same hardening and
 * DeviceAllow), so a PASS also proves that the unit and the udev rules let an unprivileged service
 * reach the display and the touch device. It:
 *   - opens /dev/dri/card0 (or maps /dev/fb0 when the --config file names it), fills the screen with the
 *     test pattern that scripts/vm/pattern.py computes on the host (the host compares pixel for pixel),
 *   - tells systemd READY=1 once the pattern is on screen and sends WATCHDOG=1 while it runs,
 *   - reads the "QEMU Virtio MultiTouch" evdev device and logs every SYN_REPORT frame as
 *     "TW-PROBE frame slot=S id=T x=X y=Y touch=B", and paints a white 9x9 square where slot 0 touches,
 *   - survives the device being unplugged (logs "TW-PROBE input gone") and takes it again when it comes
 *     back ("TW-PROBE input found ...").
 * Built on the host with `gcc -static` (raw ioctls, no libdrm), so the guest needs nothing extra.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <drm.h>
#include <drm_mode.h>

static uint32_t *pixels;
static uint32_t width, height, pitch_px;
static int drm_fd = -1;
static uint32_t fb_id;

/* The host's scripts/vm/pattern.py computes the same function: change both together. */
static uint32_t pattern(uint32_t x, uint32_t y) {
    uint32_t r = x & 0xff, g = y & 0xff, b = ((x >> 8) * 64 + (y >> 8) * 16 + 8) & 0xff;
    return (r << 16) | (g << 8) | b;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void notify(const char *msg) {
    const char *path = getenv("NOTIFY_SOCKET");
    if (!path || !*path) return;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strncpy(sa.sun_path, path, sizeof sa.sun_path - 1);
    if (sa.sun_path[0] == '@') sa.sun_path[0] = 0;
    sendto(fd, msg, strlen(msg), 0, (struct sockaddr *)&sa, sizeof sa);
    close(fd);
}

/* Tells the display that the buffer already on screen changed (virtio-gpu needs it; bochs says ENOSYS). */
static void flush_rect(uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
    if (drm_fd < 0) return;
    struct drm_clip_rect clip = {x, y, x + w, y + h};
    struct drm_mode_fb_dirty_cmd dirty = {.fb_id = fb_id, .num_clips = 1, .clips_ptr = (uintptr_t)&clip};
    ioctl(drm_fd, DRM_IOCTL_MODE_DIRTYFB, &dirty);
}

static int open_drm(const char *path) {
    drm_fd = open(path, O_RDWR | O_CLOEXEC);
    if (drm_fd < 0) { say("TW-PROBE FAIL open %s: %s", path, strerror(errno)); return -1; }
    char name[64] = {0};
    struct drm_version ver = {.name_len = sizeof name - 1, .name = name};
    if (ioctl(drm_fd, DRM_IOCTL_VERSION, &ver) < 0) { say("TW-PROBE FAIL DRM_IOCTL_VERSION"); return -1; }
    uint32_t conns[8], crtcs[8], encs[8];
    struct drm_mode_card_res res = {0};
    if (ioctl(drm_fd, DRM_IOCTL_MODE_GETRESOURCES, &res) < 0) { say("TW-PROBE FAIL GETRESOURCES: %s", strerror(errno)); return -1; }
    if (res.count_connectors > 8 || res.count_crtcs > 8 || res.count_encoders > 8) { say("TW-PROBE FAIL too many objects"); return -1; }
    res.connector_id_ptr = (uintptr_t)conns; res.crtc_id_ptr = (uintptr_t)crtcs; res.encoder_id_ptr = (uintptr_t)encs;
    res.count_fbs = 0;
    if (ioctl(drm_fd, DRM_IOCTL_MODE_GETRESOURCES, &res) < 0) { say("TW-PROBE FAIL GETRESOURCES 2"); return -1; }
    for (uint32_t i = 0; i < res.count_connectors; i++) {
        struct drm_mode_modeinfo modes[64];
        struct drm_mode_get_connector c = {.connector_id = conns[i]};
        if (ioctl(drm_fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) < 0) continue;
        if (c.connection != 1 || c.count_modes == 0) continue;
        if (c.count_modes > 64) c.count_modes = 64;
        c.modes_ptr = (uintptr_t)modes; c.count_props = 0; c.count_encoders = 0;
        if (ioctl(drm_fd, DRM_IOCTL_MODE_GETCONNECTOR, &c) < 0) continue;
        struct drm_mode_modeinfo mode = modes[0];
        for (uint32_t m = 0; m < c.count_modes; m++)
            if (modes[m].type & DRM_MODE_TYPE_PREFERRED) { mode = modes[m]; break; }
        width = mode.hdisplay; height = mode.vdisplay;
        struct drm_mode_create_dumb cd = {.width = width, .height = height, .bpp = 32};
        if (ioctl(drm_fd, DRM_IOCTL_MODE_CREATE_DUMB, &cd) < 0) { say("TW-PROBE FAIL CREATE_DUMB"); return -1; }
        struct drm_mode_fb_cmd fb = {.width = width, .height = height, .pitch = cd.pitch, .bpp = 32, .depth = 24, .handle = cd.handle};
        if (ioctl(drm_fd, DRM_IOCTL_MODE_ADDFB, &fb) < 0) { say("TW-PROBE FAIL ADDFB"); return -1; }
        fb_id = fb.fb_id;
        struct drm_mode_map_dumb md = {.handle = cd.handle};
        if (ioctl(drm_fd, DRM_IOCTL_MODE_MAP_DUMB, &md) < 0) { say("TW-PROBE FAIL MAP_DUMB"); return -1; }
        pixels = mmap(0, cd.size, PROT_READ | PROT_WRITE, MAP_SHARED, drm_fd, md.offset);
        if (pixels == MAP_FAILED) { say("TW-PROBE FAIL mmap"); return -1; }
        pitch_px = cd.pitch / 4;
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++) pixels[y * pitch_px + x] = pattern(x, y);
        struct drm_mode_crtc crtc = {.crtc_id = crtcs[0], .fb_id = fb_id, .set_connectors_ptr = (uintptr_t)&conns[i],
                                     .count_connectors = 1, .mode = mode, .mode_valid = 1};
        if (ioctl(drm_fd, DRM_IOCTL_MODE_SETCRTC, &crtc) < 0) { say("TW-PROBE FAIL SETCRTC: %s", strerror(errno)); return -1; }
        flush_rect(0, 0, width, height);
        say("TW-PROBE drm driver=%s mode=%ux%u connector=%u", name, width, height, conns[i]);
        return 0;
    }
    say("TW-PROBE FAIL no connected connector");
    return -1;
}

static int open_fbdev(const char *path) {
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) { say("TW-PROBE FAIL open %s: %s", path, strerror(errno)); return -1; }
    struct fb_var_screeninfo var; struct fb_fix_screeninfo fix;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) { say("TW-PROBE FAIL fb ioctls"); return -1; }
    if (var.bits_per_pixel != 32) { say("TW-PROBE FAIL fb bpp %u", var.bits_per_pixel); return -1; }
    width = var.xres; height = var.yres; pitch_px = fix.line_length / 4;
    pixels = mmap(0, fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) { say("TW-PROBE FAIL fb mmap"); return -1; }
    /* As a kiosk must on fbdev: stop the text console drawing (its blinking cursor) over the picture,
     * and do it before painting: a blink between painting and switching would stay in the picture. */
    int graphics = isatty(0) && ioctl(0, KDSETMODE, KD_GRAPHICS) == 0;
    for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++) pixels[(y + var.yoffset) * pitch_px + x] = pattern(x, y);
    pixels += var.yoffset * pitch_px;
    say("TW-PROBE fbdev id=%s mode=%ux%u vt=%s", fix.id, width, height, graphics ? "graphics" : "text");
    return 0;
}

static int open_touch(void) {
    DIR *d = opendir("/dev/input");
    if (!d) return -1;
    struct dirent *e;
    int found = -1;
    while ((e = readdir(d)) && found < 0) {
        if (strncmp(e->d_name, "event", 5) != 0) continue;
        char path[300], name[128] = {0};
        snprintf(path, sizeof path, "/dev/input/%s", e->d_name);
        /* Read-write, as the kiosk opens it (grab, haptics): proves the unit allows that. */
        int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) { say("TW-PROBE cannot open %s: %s", path, strerror(errno)); continue; }
        ioctl(fd, EVIOCGNAME(sizeof name - 1), name);
        if (strstr(name, "MultiTouch")) { found = fd; say("TW-PROBE input found %s name=\"%s\"", path, name); }
        else close(fd);
    }
    closedir(d);
    return found;
}

static void paint_touch(int x, int y) {
    if (!pixels) return;
    int px = (int)((int64_t)x * (width - 1) / 32767), py = (int)((int64_t)y * (height - 1) / 32767);
    int x0 = px - 4 < 0 ? 0 : px - 4, y0 = py - 4 < 0 ? 0 : py - 4;
    for (int yy = y0; yy <= py + 4 && yy < (int)height; yy++)
        for (int xx = x0; xx <= px + 4 && xx < (int)width; xx++) pixels[yy * pitch_px + xx] = 0xffffff;
    flush_rect(x0, y0, 9, 9);
}

int main(int argc, char **argv) {
    /* Started as `thumbwheel run --config F` by the real unit: a config naming /dev/fb0 selects fbdev. */
    int use_fb = 0;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--config") != 0) continue;
        char text[4096] = {0};
        FILE *f = fopen(argv[i + 1], "r");
        if (f) { fread(text, 1, sizeof text - 1, f); fclose(f); }
        use_fb = strstr(text, "/dev/fb0") != NULL;
    }
    int ok = use_fb ? open_fbdev("/dev/fb0") : open_drm("/dev/dri/card0");
    if (ok < 0) return 1;
    notify("READY=1");
    say("TW-PROBE ready");
    const char *wd = getenv("WATCHDOG_USEC");
    int wd_ms = wd ? (int)(atoll(wd) / 2000) : -1;
    int touch = open_touch();
    if (touch < 0) say("TW-PROBE no multitouch device yet");
    int slot = 0, ids[16], xs[16], ys[16], btn = 0;
    for (int i = 0; i < 16; i++) ids[i] = -1, xs[i] = ys[i] = 0;
    for (;;) {
        struct pollfd p = {.fd = touch, .events = POLLIN};
        int timeout = touch < 0 ? 100 : wd_ms;
        int n = poll(touch < 0 ? NULL : &p, touch < 0 ? 0 : 1, timeout);
        if (wd_ms > 0) notify("WATCHDOG=1");
        if (touch < 0) { if ((touch = open_touch()) >= 0) slot = 0; continue; }
        if (n <= 0) continue;
        struct input_event ev[64];
        ssize_t r = read(touch, ev, sizeof ev);
        if (r < 0) {
            if (errno == EAGAIN) continue;
            say("TW-PROBE input gone (%s)", strerror(errno));
            close(touch); touch = -1;
            continue;
        }
        for (size_t i = 0; i < (size_t)r / sizeof ev[0]; i++) {
            struct input_event *e = &ev[i];
            if (e->type == EV_ABS && e->code == ABS_MT_SLOT) slot = e->value < 16 ? e->value : 15;
            else if (e->type == EV_ABS && e->code == ABS_MT_TRACKING_ID) ids[slot] = e->value;
            else if (e->type == EV_ABS && e->code == ABS_MT_POSITION_X) xs[slot] = e->value;
            else if (e->type == EV_ABS && e->code == ABS_MT_POSITION_Y) ys[slot] = e->value;
            else if (e->type == EV_KEY && e->code == BTN_TOUCH) btn = e->value;
            else if (e->type == EV_SYN && e->code == SYN_REPORT) {
                for (int s = 0; s < 16; s++)
                    if (ids[s] >= 0 || (s == slot)) say("TW-PROBE frame slot=%d id=%d x=%d y=%d touch=%d", s, ids[s], xs[s], ys[s], btn);
                if (ids[0] >= 0) paint_touch(xs[0], ys[0]);
            }
        }
    }
}
