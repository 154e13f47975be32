import ArgumentParser
import Lodestar

/// `--activity automotive|fitness|maritime|airborne|other`.
extension ActivityType: ExpressibleByArgument {}
