/// The states of the DEC/ANSI parser described by Paul Williams at vt100.net.
package enum ParserState: UInt8, Sendable {
    case ground
    case escape
    case escapeIntermediate
    case csiEntry
    case csiParam
    case csiIntermediate
    case csiIgnore
    case dcsEntry
    case dcsParam
    case dcsIntermediate
    case dcsPassthrough
    case dcsIgnore
    case oscString
    case sosPmApcString
}
