import RemoteTermCore
import RemoteTermEngine

/// The one picture of the local screen: the shown session's screen (live or its history)
/// with everything rterm shows over it. The front draws it; the tests read it.
extension Workspace {
    /// The frame at `now`: the view (live, or the history from the controller's position),
    /// links found again on what is shown (after every burst of output), the selection, a
    /// panel, the stale screen while the link is down, the guesses of predictive echo on the
    /// live screen, and the bar row (buttons, menu, question, notice, reconnect status, the
    /// connection being set up), coloured with the remote's colour table.
    /// Rows that did not change since the last frame are reused from it, and only logical lines
    /// that changed are scanned for links (`frameWork` counts both).
    package func frame(now: UInt64, isInputPaused: Bool = false) -> Frame {
        let session = shown
        let view = view(now: now, isInputPaused: isInputPaused)
        let top = controller.historyTop
        let previous = lastFrame?.session === session ? lastFrame?.frame : nil
        if previous == nil { visibleLinks = VisibleLinks() }
        let links = visibleLinks.links(session.terminal, topLine: top, rows: view.remoteRows, work: &frameWork)
        var overlays = controller.overlays(view: view, links: links)
        overlays.runsHere = session.options.runsHere
        if top == nil { overlays.predictions = session.predictor.overlay(terminal: session.terminal) }
        var frame = FrameComposer.compose(
            session.terminal, topLine: top, area: (view.remoteRows, view.columns), overlays: overlays,
            reusing: previous, work: &frameWork)
        frame.colors = session.terminal.colorTable
        lastFrame = (session, frame)
        return frame
    }
}
