// Wrappers for the libssh2 function-like macros that Swift cannot import.
// Every wrapper is named rterm_* so it is easy to find.
#ifndef RTERM_CSSH2_SHIM_H
#define RTERM_CSSH2_SHIM_H
#include <libssh2.h>
#include <string.h>

/// LIBSSH2_CHANNEL_WINDOW_DEFAULT is a parenthesised expression Swift does not import.
static inline unsigned int rterm_libssh2_window_default(void) { return LIBSSH2_CHANNEL_WINDOW_DEFAULT; }
static inline unsigned int rterm_libssh2_packet_default(void) { return LIBSSH2_CHANNEL_PACKET_DEFAULT; }
/// The version number this binary was compiled against (RSA SHA-2 signing needs >= 0x010b00).
static inline long rterm_libssh2_version_num(void) { return LIBSSH2_VERSION_NUM; }

static inline LIBSSH2_SESSION *rterm_libssh2_session_init(void *abstract) {
    return libssh2_session_init_ex(NULL, NULL, NULL, abstract);
}
static inline LIBSSH2_CHANNEL *rterm_libssh2_channel_open_session(LIBSSH2_SESSION *s) {
    return libssh2_channel_open_ex(s, "session", sizeof("session") - 1,
                                   LIBSSH2_CHANNEL_WINDOW_DEFAULT, LIBSSH2_CHANNEL_PACKET_DEFAULT, NULL, 0);
}
#endif
