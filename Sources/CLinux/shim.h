// Linux interfaces Glibc's Swift module does not import: epoll, timerfd, eventfd, signalfd, inotify,
// linux/input.h, and ioctl request codes that are function-like macros in C.
#pragma once
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <malloc.h>  // malloc_trim: memory a large peer message grew goes back to the system
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>  // NetworkWatch: links, addresses and routes coming and going
#include <net/if.h>
#include <linux/input.h>
#include <linux/fb.h>
#include <linux/vt.h>
#include <linux/kd.h>

static inline unsigned long tw_eviocgrab(void) { return EVIOCGRAB; }
static inline unsigned long tw_eviocsclockid(void) { return EVIOCSCLOCKID; }
static inline unsigned long tw_eviocsff(void) { return EVIOCSFF; }
static inline unsigned long tw_eviocrmff(void) { return EVIOCRMFF; }
/// ioctl with an int argument passed by value (EVIOCGRAB takes 1 or 0 as the argument itself).
static inline int tw_ioctl_int(int fd, unsigned long req, long arg) { return ioctl(fd, req, arg); }
/// ioctl with a pointer argument.
static inline int tw_ioctl_ptr(int fd, unsigned long req, void *arg) { return ioctl(fd, req, arg); }

#include <unistd.h>
#include <sys/syscall.h>
#include <spawn.h>
/// pidfd_open(2): a descriptor that becomes readable when the process exits (epoll-friendly reaping).
static inline int tw_pidfd_open(int pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
/// pipe2(2) needs _GNU_SOURCE in glibc's headers, which Swift's Glibc module does not set.
int pipe2(int pipefd[2], int flags);
static inline int tw_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }
/// accept4(2) is also behind _GNU_SOURCE.
int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
static inline int tw_accept4(int fd, int flags) { return accept4(fd, 0, 0, flags); }

/// unshare(2) and setns(2) are behind _GNU_SOURCE too. A thread may move into a network namespace of its
/// own and back (the tests' way to take a network away and give it back); 0x40000000 is CLONE_NEWNET.
int unshare(int flags);
int setns(int fd, int nstype);
static inline int tw_unshare_network(void) { return unshare(0x40000000); }
static inline int tw_setns_network(int fd) { return setns(fd, 0x40000000); }
