/// Standard NMEA 0183 sentence formatters (IEC 61162-1 and common NMEA 4.x additions).
///
/// Only used by lenient parsing to recognise a sentence whose `$` was lost (`GPRMC,...`): a line
/// is taken for a sentence without its delimiter only when its type is one of these.
enum KnownTypes {
    static let standard: Set<UInt32> = {
        let names = """
            AAM ABK ACA ACK ACS AIR ALM ALR APA APB BBM BEC BOD BWC BWR BWW CUR DBK DBS DBT DCN \
            DDC DOR DPT DSC DSE DSI DSR DTM ETL EVE FIR FSI GBS GEN GFA GGA GLC GLL GMP GNS GRS \
            GSA GST GSV HBT HDG HDM HDT HEV HMR HMS HSC HTC HTD LCD LRF LRI LR1 LR2 LR3 MLA MMB \
            MSK MSS MTA MTW MWD MWV OSD RLM RMA RMB RMC ROR ROT RPM RSA RSD RTE SFI SSD STN THS \
            TLB TLL TRC TRD TTM TUT TXT VBW VDM VDO VDR VHW VLW VPW VSD VTG WCV WNC WPL XDR XTE \
            XTR ZDA ZDL ZFO ZTG
            """
        var set = Set<UInt32>()
        for name in names.split(separator: " ") {
            let b = Array(name.utf8)
            set.insert(UInt32(b[0]) << 16 | UInt32(b[1]) << 8 | UInt32(b[2]))
        }
        return set
    }()
}
