import RemoteTermFront

/// `RTERM_FRONT_STATS=FILE`: what the front's frames cost, one figure a line, for
/// Scripts/bench-front (frames drawn, rows composed and drawn, scrolls).
package enum FrontStats {
    /// The file's text for the composer's `frames` and the screen's `drawing`.
    package static func text(frames: FrameWork, drawing: RenderWork?) -> String {
        var lines = [
            "frames \(drawing?.frames ?? frames.frames)", "composed_frames \(frames.frames)",
            "rows_composed \(frames.rowsComposed)", "lines_scanned_for_links \(frames.linesScannedForLinks)",
        ]
        if let drawing {
            lines += ["rows_drawn \(drawing.rowsDrawn)", "scrolls \(drawing.scrolls)", "rows_scrolled \(drawing.rowsScrolled)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
