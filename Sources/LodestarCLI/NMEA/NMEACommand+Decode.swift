import ArgumentParser
import Glibc
import LodestarInternals
import NMEA

extension NMEACommand {
    /// `lodestar nmea decode [FILE|-]`: one JSON object per sentence, in the field vocabulary of the
    /// shared NMEA test vectors, or the reason a line was rejected.
    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Print what each NMEA sentence says, as one JSON object per line.",
            discussion: """
                Reads FILE (or standard input for '-' or no FILE) line by line and writes one JSON \
                object per sentence: its type and talker (or manufacturer, for $P... sentences), then \
                its fields with their names and units: time, latitude_deg, longitude_deg, fix_quality, \
                hdop, altitude_m, speed_knots, course_deg, date, sats, ... An empty field is null; a \
                field the sentence does not have at all (an NMEA 2.3 RMC has no 4.1 nav_status) is \
                left out. Types Lodestar does not decode, proprietary and AIS sentences give their raw \
                'fields'. A TAG block adds tag_source and tag_time.

                A line that is not an acceptable sentence gives {"error":REASON,"line":N,"detail":...} \
                with the reason code (checksum_mismatch, checksum_format, checksum_missing, \
                trailing_data, framing, bad_char, bad_address, bad_tag_block, truncated, bad_field, \
                line_too_long). Lines end with LF, CR LF or CR. Blank lines and '#' comment lines \
                print nothing; line numbers count every line. Garbage before a sentence, or a \
                sentence cut short by another, gives a framing error and the sentence after it is \
                decoded, as in 'lodestar replay'. Rejected lines are not an error: the exit status is non-zero only when \
                the file cannot be read. Memory does not grow with the input.

                Example:
                  $ echo '$GPHDT,274.07,T*03' | lodestar nmea decode
                  {"type":"HDT","talker":"GP","heading_true_deg":274.07}
                """
        )

        @Argument(help: "The NMEA file to decode, or '-' (the default) for standard input.")
        var file: String = "-"

        @Flag(help: "Accept sentences without a checksum (and a missing '$' before a standard sentence).")
        var lenient = false

        func validate() throws {
            guard !file.isEmpty else { throw ValidationError("FILE must not be empty.") }
        }

        func run() throws {
            let input = try InputOpening.file(file)

            let parser = NMEAParser(options: .init(lenient: lenient))
            // The line rules of `lodestar replay` (NMEADecoder): line ends, numbers, recovery.
            var lines = NMEALineSplitter()
            let tooLong = "line longer than \(lines.maxLength) bytes"
            var output = BlockOutput(fd: 1, threshold: 64 * 1024)
            let handle: (NMEALineSplitter.Piece) -> Void = { piece in
                switch piece {
                case .line(let bytes, let number):
                    NMEASentenceDescription.forEachJSON(inLine: bytes, number: number, parser: parser) { json in
                        output.append(json)
                        output.buffer.append(0x0A)
                    }
                case .tooLong(_, let number):
                    output.append(NMEAError(.lineTooLong, tooLong).json(line: number))
                    output.buffer.append(0x0A)
                }
                output.flushIfFull()
            }
            do {
                try input.forEachChunk(chunkSize: 64 * 1024) { chunk in
                    lines.split(chunk, handle)
                    // Standard output failed: the rest would be decoded for nobody.
                    return output.flush()
                }
            } catch {
                output.flush()
                Diagnostics.error(error.description)
                throw ExitCode.failure
            }
            lines.finish(handle)
            output.flush()
        }
    }
}
