import RemoteTermEngine

/// What the controller adds to the frame: links, the selection, the panel, the stale screen
/// while the link is down, and the bar row.
extension FrontController {
    /// The overlays for the frame composer, with `links` found on the lines shown.
    package func overlays(view: FrontView, links: [DetectedLink] = []) -> FrameComposer.Overlays {
        var overlays = FrameComposer.Overlays()
        overlays.links = links
        if let selection {
            let bounds = selection.bounds(lines: { view.terminal.line(number: $0) })
            overlays.selection = bounds.start...bounds.end
        }
        overlays.panel = panel ?? keyListPanel(width: view.columns)
        overlays.isStale = view.reconnection != nil
        overlays.bar = barLabels(view: view)
        overlays.messageAbove = messageAbove(view: view)
        overlays.barCursor = barCursorColumn
        overlays.barRows = bar.rows
        if let popup, case .buttons = barRow(view: view) {
            overlays.popup = wordsIfAsked(bar.labels(of: popup))
        }
        return overlays
    }
}
