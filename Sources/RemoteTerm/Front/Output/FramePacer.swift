/// When to draw: the frame-rate policy of the interactive front, as a state machine over
/// an injected monotonic time in nanoseconds (the loop passes `clock_gettime(CLOCK_MONOTONIC)`;
/// tests pass numbers).
///
/// The engine parses every byte as it arrives; drawing is what gets rationed:
/// - Output marks the screen dirty. Nothing is queued: however much arrives between two
///   draws, the next draw shows only the latest state (intermediate frames are dropped).
/// - Two draws for output are at least `frameInterval` apart (~60 per second), so a stream
///   like `cat` of a huge file runs at transport speed instead of waiting for the screen.
/// - A draw waits for output to settle (`settleDelay` without new output), so a screen
///   update that arrives in several reads is drawn whole, not torn — but never longer than
///   `frameInterval` after the first undrawn output, so a stream still shows ~60 frames a second.
/// - When output stops, the last frame is drawn as soon as it has settled (and the rate
///   limit allows): the final state never waits for more output.
/// - Local changes (a click on the bar, a resize) ask for a draw at once with `requestDraw`.
/// - A flood (output keeping the frames at the rate limit for `floodAfterFrames` frames in a
///   row: a log scrolling faster than anyone reads, `cat` of a big file, anything redrawn
///   more than 40 times a second) is drawn at `floodFrameInterval` (30 a second) until
///   output pauses or slows: half the drawing for a picture that changes faster than the eye
///   follows, where the key bar's users (phones, tablets, laptops on battery) pay for every
///   frame (mosh stops at 50). Typing, held keys and programs redrawing up to 40 times a
///   second never count as a flood, and the first output after a pause (two flood frames
///   without output) is drawn at once. In a flood a frame does not wait for output to
///   settle (the picture is a moment of a stream anyway), and `nextFloodFrame` says when the
///   next one is drawn, so the front can leave the output unread until then
///   (`Session.holdOutput`): one wake-up a frame, not one per burst.
///
/// The loop uses it like this: `outputArrived(at:)` after feeding the engine; the poll
/// timeout from `timeoutMilliseconds(now:)` (or `nextDeadline()`); after each wake,
/// `if shouldDraw(now:) { draw(); didDraw(at:) }`.
package struct FramePacer: Equatable, Sendable {
    /// Shortest time between two draws caused by output, in nanoseconds.
    package var frameInterval: UInt64
    /// Quiet time after the last output before drawing, in nanoseconds.
    package var settleDelay: UInt64
    /// Shortest time between two draws while output floods, in nanoseconds.
    package var floodFrameInterval: UInt64

    /// One frame at 60 Hz: 16.67 ms.
    package static let defaultFrameInterval: UInt64 = 16_666_667
    /// 1 ms: long enough for the rest of a burst already in flight, short enough not to be seen.
    package static let defaultSettleDelay: UInt64 = 1_000_000
    /// 30 frames a second while output floods.
    package static let defaultFloodFrameInterval: UInt64 = 33_333_333
    /// Frames in a row drawn for output at the rate limit that make a flood: about an eighth
    /// of a second.
    package static let floodAfterFrames = 8

    /// Whether something changed since the last draw.
    package private(set) var isDirty = false
    /// A local change asked to be drawn without waiting.
    private var isDrawRequested = false
    /// When the last draw happened; nil before the first one.
    private var lastDraw: UInt64?
    /// The first output not drawn yet.
    private var firstUndrawnOutput: UInt64 = 0
    /// The latest output.
    private var lastOutput: UInt64 = 0
    /// Draws for output in a row, each about as soon as the rate limit allowed.
    private var framesAtTheLimit = 0

    /// Whether output is flooding: drawn at `floodFrameInterval`.
    package var isFlooding: Bool { framesAtTheLimit >= Self.floodAfterFrames }

    /// The shortest time between two draws for output now.
    private var interval: UInt64 { isFlooding ? floodFrameInterval : frameInterval }

    /// A pacer with nothing to draw.
    package init(
        frameInterval: UInt64 = FramePacer.defaultFrameInterval, settleDelay: UInt64 = FramePacer.defaultSettleDelay,
        floodFrameInterval: UInt64 = FramePacer.defaultFloodFrameInterval
    ) {
        self.frameInterval = frameInterval
        self.settleDelay = settleDelay
        self.floodFrameInterval = max(frameInterval, floodFrameInterval)
    }

    /// Output from the remote changed the screen at `now`.
    package mutating func outputArrived(at now: UInt64) {
        // Output after a pause ends a flood: it is drawn at the full rate again. A pause is
        // longer than two flood frames: output held until the next frame comes one frame
        // after the last, and a late wake-up must not end the flood.
        if now > saturatingAdd(lastOutput, 2 * floodFrameInterval) { framesAtTheLimit = 0 }
        if !isDirty { firstUndrawnOutput = now }
        isDirty = true
        lastOutput = max(lastOutput, now)
    }

    /// Something local changed (the bar, the size, a scrollback view): draw at the next
    /// turn of the loop, without the rate limit.
    package mutating func requestDraw() {
        isDirty = true
        isDrawRequested = true
    }

    /// When the next draw is due (nanoseconds, possibly already past), or nil when there
    /// is nothing to draw and the loop may sleep until input.
    package func nextDeadline() -> UInt64? {
        guard isDirty else { return nil }
        if isDrawRequested { return 0 }
        let settled =
            isFlooding
            ? firstUndrawnOutput : min(saturatingAdd(lastOutput, settleDelay), saturatingAdd(firstUndrawnOutput, interval))
        guard let lastDraw else { return settled }
        return max(settled, saturatingAdd(lastDraw, interval))
    }

    /// While output floods, when the next frame is drawn (output read before then would only
    /// wait for it); nil otherwise.
    package var nextFloodFrame: UInt64? {
        // Only while output still comes: a draw long after the flood's last output (a key,
        // the bar) is no frame of it.
        guard isFlooding, let lastDraw, saturatingAdd(lastOutput, 2 * floodFrameInterval) >= lastDraw else { return nil }
        return saturatingAdd(lastDraw, floodFrameInterval)
    }

    /// Whether to draw now.
    package func shouldDraw(now: UInt64) -> Bool {
        guard let deadline = nextDeadline() else { return false }
        return now >= deadline
    }

    /// The poll timeout for the loop in milliseconds, rounded up so the loop never wakes
    /// early and spins: -1 (wait for input) when nothing is pending, 0 when a draw is due.
    package func timeoutMilliseconds(now: UInt64) -> Int32 {
        guard let deadline = nextDeadline() else { return -1 }
        guard deadline > now else { return 0 }
        let milliseconds = (deadline - now + 999_999) / 1_000_000
        return Int32(min(milliseconds, UInt64(Int32.max)))
    }

    /// The screen was drawn at `now`, showing everything received so far.
    package mutating func didDraw(at now: UInt64) {
        if isDirty && !isDrawRequested, let lastDraw {
            // A frame for output drawn about as soon as the rate limit allowed: output is
            // keeping up with the frames (a gap of one and a half intervals or more is not).
            let atTheLimit = now &- lastDraw < interval + interval / 2
            framesAtTheLimit = atTheLimit ? min(framesAtTheLimit + 1, Self.floodAfterFrames) : 0
        }
        lastDraw = now
        isDirty = false
        isDrawRequested = false
    }

    private func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
