/// A mouse button that can be pressed, released or held.
package enum MouseButton: Int, Hashable, Sendable {
    /// Button 1.
    case left = 0
    /// Button 2.
    case middle = 1
    /// Button 3.
    case right = 2
}

/// What the mouse did.
package enum MouseAction: Hashable, Sendable {
    /// A button went down.
    case press(MouseButton)
    /// A button came up.
    case release(MouseButton)
    /// The pointer moved to another cell, with a button held (a drag) or none.
    case motion(held: MouseButton?)
    /// One notch of the wheel away from the user (scroll up).
    case wheelUp
    /// One notch of the wheel towards the user (scroll down).
    case wheelDown
}

/// A mouse event in the remote's screen: what happened, where (0-based cell column and
/// row, relative to the remote screen, not the local window), and which modifiers were held.
package struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    package var action: MouseAction
    /// Cell column, 0-based.
    package var column: Int
    /// Cell row, 0-based.
    package var row: Int
    /// Modifiers held; Shift, Alt (or Meta) and Ctrl are reported.
    package var modifiers: KeyModifiers

    /// An event at a cell.
    package init(_ action: MouseAction, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// Mouse events to bytes, following the remote's mouse modes as xterm does.
///
/// What is reported depends on `mouseTracking`:
/// - `.off`: nothing (the front keeps the mouse for itself: scrollback, the key bar).
/// - `.x10` (?9): presses only, wheel included, without modifiers.
/// - `.normal` (?1000): presses, releases and the wheel.
/// - `.buttonEvent` (?1002): also motion while a button is held.
/// - `.anyEvent` (?1003): also motion with no button.
///
/// How it is encoded depends on `mouseEncoding`:
/// - `.x10`: `ESC [ M b x y`, each a byte offset by 32, coordinates 1-based; a release is
///   button 3, so which button was released is lost. Columns or rows past 223 cannot be
///   written in one byte: those events are not sent.
/// - `.utf8` (?1005): the same with each value written as a UTF-8 character, up to 2015.
/// - `.sgr` (?1006): `ESC [ < b ; x ; y M`, decimal and 1-based, a release ending in `m`
///   and keeping its button number; no coordinate limit.
///
/// The button code b: 0–2 for the buttons, 3 for a release (x10 and utf8), +32 for motion,
/// 64/65 for the wheel; modifiers add Shift 4, Alt/Meta 8, Ctrl 16.
package enum MouseEncoder {
    /// Largest 1-based coordinate in the x10 encoding (255 − 32).
    package static let x10CoordinateLimit = 223
    /// Largest 1-based coordinate in the utf8 encoding (2047 − 32).
    package static let utf8CoordinateLimit = 2015

    /// The bytes reporting `event` to the remote, or nil when its modes say this event is
    /// not reported (tracking off, motion in a mode without it, a position past the
    /// encoding's limit) — the front may then use the event itself.
    package static func encode(_ event: MouseEvent, options: KeyEncodingOptions) -> [UInt8]? {
        guard event.column >= 0, event.row >= 0, isReported(event.action, by: options.mouseTracking) else {
            return nil
        }
        var code: Int
        var isRelease = false
        switch event.action {
        case .press(let button): code = button.rawValue
        case .release(let button):
            isRelease = true
            code = options.mouseEncoding == .sgr ? button.rawValue : 3
        case .motion(let held): code = 32 + (held?.rawValue ?? 3)
        case .wheelUp: code = 64
        case .wheelDown: code = 65
        }
        // X10 compatibility mode (?9) reports no modifiers.
        if options.mouseTracking != .x10 { code += modifierBits(event.modifiers) }
        let x = event.column + 1
        let y = event.row + 1

        switch options.mouseEncoding {
        case .sgr:
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
            bytes += KeyEncoder.decimal(code) + [UInt8(ascii: ";")]
            bytes += KeyEncoder.decimal(x) + [UInt8(ascii: ";")]
            bytes += KeyEncoder.decimal(y)
            bytes.append(isRelease ? UInt8(ascii: "m") : UInt8(ascii: "M"))
            return bytes
        case .x10:
            guard x <= x10CoordinateLimit, y <= x10CoordinateLimit else { return nil }
            return [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + code), UInt8(32 + x), UInt8(32 + y)]
        case .utf8:
            guard x <= utf8CoordinateLimit, y <= utf8CoordinateLimit else { return nil }
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "M")]
            for value in [32 + code, 32 + x, 32 + y] {
                guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
                bytes += KeyEncoder.utf8(scalar)
            }
            return bytes
        }
    }

    /// Whether the tracking mode reports this kind of action at all.
    package static func isReported(_ action: MouseAction, by tracking: MouseTracking) -> Bool {
        switch (tracking, action) {
        case (.off, _): return false
        case (.x10, .press), (.x10, .wheelUp), (.x10, .wheelDown): return true
        case (.x10, _): return false
        case (_, .press), (_, .release), (_, .wheelUp), (_, .wheelDown): return true
        case (.normal, .motion): return false
        case (.buttonEvent, .motion(let held)): return held != nil
        case (.anyEvent, .motion): return true
        }
    }

    /// The modifier bits of the button code.
    private static func modifierBits(_ modifiers: KeyModifiers) -> Int {
        var bits = 0
        if modifiers.contains(.shift) { bits |= 4 }
        if !modifiers.isDisjoint(with: [.alt, .meta]) { bits |= 8 }
        if modifiers.contains(.control) { bits |= 16 }
        return bits
    }
}
