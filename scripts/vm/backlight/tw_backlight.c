// SPDX-License-Identifier: GPL-2.0
/*
 * A backlight class device for the real-kernel test: QEMU's virtio-gpu has no backlight, so the guest
 * loads this module to get one. It registers "tw-backlight" (raw, 0..255) with the kernel's backlight
 * class, so /sys/class/backlight/tw-backlight/{brightness,max_brightness,actual_brightness,bl_power}
 * behave as on a panel (writes are range-checked by the class; udev sees the "add" event and applies
 * Thumbwheel's rules). Each update the class hands to the driver is logged, so the test can read from
 * the kernel log exactly what reached the "hardware", in order.
 */
#include <linux/backlight.h>
#include <linux/fb.h>
#include <linux/module.h>

static struct backlight_device *tw_device;

static int tw_update_status(struct backlight_device *device)
{
	pr_info("tw_backlight: brightness=%d power=%d\n", device->props.brightness, device->props.power);
	return 0;
}

static const struct backlight_ops tw_ops = {
	.update_status = tw_update_status,
};

static int __init tw_init(void)
{
	struct backlight_properties props = {
		.type = BACKLIGHT_RAW,
		.max_brightness = 255,
		.brightness = 255,
		.power = FB_BLANK_UNBLANK,
	};

	tw_device = backlight_device_register("tw-backlight", NULL, NULL, &tw_ops, &props);
	return PTR_ERR_OR_ZERO(tw_device);
}

static void __exit tw_exit(void)
{
	backlight_device_unregister(tw_device);
}

module_init(tw_init);
module_exit(tw_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Backlight class device for Thumbwheel's real-kernel test");
