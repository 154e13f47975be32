#include "CBuildCommit.h"

// commit.h is generated and not committed (.gitignore). A C file, not a Swift one, because only
// the preprocessor can build with or without a file: `swift build` works without `make`.
#if __has_include("commit.h")
#include "commit.h"
#endif

#ifndef LODESTAR_COMMIT
#define LODESTAR_COMMIT "unknown"
#endif

const char *lodestar_build_commit(void) { return LODESTAR_COMMIT; }
