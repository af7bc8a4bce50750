// A QEMU TCG plugin (user mode) that counts the guest instructions a program executes, for
// scripts/insn-counts: the same measure for an aarch64 and an x86-64 binary, where emulated time means
// nothing. Debian packages no plugin header, so the few declarations it uses are written here from
// QEMU's documented plugin API (version 1, QEMU 7.2's).
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, void (*cb)(unsigned int vcpu, void *data),
                                          enum qemu_plugin_cb_flags flags, void *data);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t id, void *data), void *data);
void qemu_plugin_outs(const char *text);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t executed;

// Each translated block adds its length when it runs; atomically, as every guest thread is a vCPU.
static void block_ran(unsigned int vcpu, void *length) {
    (void)vcpu;
    __atomic_fetch_add(&executed, (uint64_t)(uintptr_t)length, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_ran, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

static void finished(qemu_plugin_id_t id, void *data) {
    (void)id;
    (void)data;
    char line[64];
    snprintf(line, sizeof line, "instructions: %" PRIu64 "\n", __atomic_load_n(&executed, __ATOMIC_RELAXED));
    qemu_plugin_outs(line);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                                               int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, finished, NULL);
    return 0;
}
