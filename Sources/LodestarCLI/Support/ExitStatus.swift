import ArgumentParser

/// The exit statuses of every `lodestar` command, after BSD's sysexits(3) where one fits. The
/// table is printed by `lodestar help` (``table``) and in the command-line manual, docs/cli.md.
enum ExitStatus {
    /// Done as asked.
    static let success = ExitCode(0)
    /// The command ran and failed: bad problems in batch input (each reported), a source that
    /// went away, output that could not be written, a store that cannot be opened.
    static let failure = ExitCode(1)
    /// `ride`: a choice or value is needed and nobody can be asked (no terminal).
    static let needsDecision = ExitCode(3)
    /// `guide`: the trace ended before arrival.
    static let endedBeforeArrival = ExitCode(3)
    /// `ride`: the service said no.
    static let refused = ExitCode(4)
    /// `ride list`: done, but some stored rides could not be read (each named).
    static let partial = ExitCode(5)
    /// `ride request`: the person at the terminal declined a proposed place or chose none.
    static let declined = ExitCode(6)
    /// A usage error: an unknown option or command, a missing or malformed argument, a number
    /// outside its range (EX_USAGE).
    static let usage = ExitCode(64)
    /// A file the command reads is malformed: a fleet or gazetteer that is not valid JSON or
    /// lacks a field, a regions file with a bad feature (EX_DATAERR).
    static let dataError = ExitCode(65)
    /// An input file cannot be read: missing, a directory or FIFO where a regular file goes,
    /// no permission (EX_NOINPUT).
    static let noInput = ExitCode(66)
    /// `guide`: interrupted (Ctrl-C, SIGTERM) before arrival, as a shell reports SIGINT.
    static let interrupted = ExitCode(130)

    /// The table as `lodestar help` shows it.
    static let table = """
        EXIT STATUS (every command):
          0   done (also when Ctrl-C ends 'track', or when the reader of standard
              output closes it: '| head -1'); guide: arrived
          1   failed while running: bad lines in a batch, a source lost, output
              not written, a ride store that cannot be opened
          3   ride: a choice is needed and there is no terminal to ask;
              guide: the trace ended before arrival
          4   ride: the service refused
          5   ride list: some stored rides could not be read
          6   ride request: you declined the proposed place or chose none
          64  usage: unknown option or command, bad or missing argument, or a
              value out of range
          65  bad data: a fleet, gazetteer, regions or state file that is not valid
          66  no input: a file that is missing, not a regular file, or unreadable
          130 guide: interrupted (Ctrl-C) before arrival
        """
}
