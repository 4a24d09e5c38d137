import RemoteTermEngine
import RemoteTermSSH

/// What the user does, encoded for the remote, and what the session is told of the screen.
extension Session {
    /// Encodes `input` for the remote's current modes and queues it; it goes out at once if
    /// the connection takes it. Input typed while connecting waits, as ssh's typeahead does;
    /// input while the link is down is dropped (and the front told), never kept for a new
    /// shell to receive by surprise.
    package func send(_ input: SessionInput) {
        if case .ended = state { return }
        let bytes = encode(input)
        guard !bytes.isEmpty else { return }
        if case .reconnecting = state {
            events.post(.inputDropped)
            return
        }
        recorder?.sessionSent(bytes)
        guard var link else {
            typeahead.append(contentsOf: bytes)
            return
        }
        link.outbox.append(contentsOf: bytes)
        do {
            try link.flush()
            // A signal key stuck behind input the program does not read (a paste into a
            // command that never reads): acted on at once, as the line discipline would.
            if !link.outbox.isEmpty, bytes.count == 1, let discipline = link.transport as? LineDisciplineTransport,
                discipline.signal(forKey: bytes[0])
            {
                link.outbox.removeAll()
            }
            self.link = link
            // A write reads too (libssh2 takes what the socket holds): what it took waits
            // for a turn, which the socket, empty now, would not bring (libssh2 notes, 2).
            if link.transport.hasBufferedInput { wantsTurn = true }
        } catch {
            self.link = link
            lose(error)
        }
    }

    /// The bytes `input` is for the remote's modes now; keys are shown to predictive echo.
    private func encode(_ input: SessionInput) -> [UInt8] {
        let modes = KeyEncodingOptions.matching(terminal.modes)
        let now = clock.now()
        switch input {
        case .key(let key):
            screen.keyTyped(key, now: now)
            return KeyEncoder.encode(key, options: modes)
        case .keys(let keys):
            var bytes: [UInt8] = []
            for key in keys {
                screen.keyTyped(key, now: now)
                bytes += KeyEncoder.encode(key, options: modes)
            }
            return bytes
        case .paste(let text):
            screen.inputNotPredicted()
            return PasteEncoder.encode(text, options: modes)
        case .mouse(let event):
            return MouseEncoder.encode(event, options: modes) ?? []
        case .focus(let focused):
            return FocusEncoder.encode(focused: focused, options: modes) ?? []
        case .bytes(let bytes):
            screen.inputNotPredicted()
            return bytes
        }
    }

    /// After everything queued has been sent, tells the remote side that input ended (EOF).
    package func finishInput() {
        inputEndRequested = true
        wantsTurn = true
    }

    /// Resizes the screen and tells the remote side (queued by the transport if it cannot
    /// go now; sent on connecting if the connection is still being set up).
    package func resize(rows: Int, columns: Int) {
        screen.resize(rows: rows, columns: columns)
        recorder?.sessionResized(rows: terminal.rows, columns: terminal.columns)
        guard var link else { return }
        do {
            try link.transport.resize(rows: terminal.rows, columns: terminal.columns)
            // A program that asked for in-band resize reports (?2048) reads the size from its
            // input too, after the window change.
            if terminal.modes.inBandResize {
                link.outbox.append(contentsOf: terminal.inBandResizeReport)
                try link.flush()
            }
            self.link = link
        } catch {
            self.link = link
            lose(error)
        }
    }

    /// The colours the terminal answers colour queries with until the remote changes them
    /// (the local terminal's, when the front could ask it).
    package func setColorDefaults(_ defaults: TerminalColors.Defaults) {
        screen.setColorDefaults(defaults)
    }

    /// The user's colour scheme changed (their terminal said so, `CSI ? 997 ; n n`): a
    /// program that asked (?2031) is told at once.
    package func setColorScheme(_ scheme: TerminalColorScheme) {
        let report = screen.setColorScheme(scheme)
        guard !report.isEmpty, var link else { return }
        link.outbox.append(contentsOf: report)
        do {
            try link.flush()
            self.link = link
        } catch {
            self.link = link
            lose(error)
        }
    }

    /// Writes rterm's own text on the screen (made inert, lines ended with CR LF): what the
    /// connection says while it is set up, before the remote side draws anything.
    package func showLocally(_ text: String) {
        screen.showLocally(text)
        events.post(.screenChanged)
    }
}
