/// Whether `byte` is an ASCII decimal digit: the one test the timestamp parser and the trace scanners share.
@inline(__always)
package func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
