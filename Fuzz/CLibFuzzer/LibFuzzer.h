// libFuzzer's driver, which the toolchain's -sanitize=fuzzer links in (nothing to link here).
#include <stddef.h>
#include <stdint.h>

// Runs libFuzzer with the command line (argc, argv) on the callback, as libFuzzer's own main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
