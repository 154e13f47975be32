#ifndef CBUILDCOMMIT_H
#define CBUILDCOMMIT_H

/// The git commit this binary was built from, as `make` wrote it to commit.h beside
/// BuildCommit.c (scripts/build-commit.sh): twelve hex digits, "-dirty" after them when
/// tracked files differed from the commit; "unknown" when the build had no commit.h (a plain
/// `swift build` of a tree that `make` never ran in).
const char *lodestar_build_commit(void);

#endif
