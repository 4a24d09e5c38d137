import RemoteTermEngine
import RemoteTermSSH

/// The link's turn: housekeeping, what waits to go out, the output read within the turn's
/// budgets, the end of input, the exit status.
///
/// Output is read at most `Options.readBudget` bytes and `workBudget` row visits a turn, then
/// the loop looks at everything else again. Whether more is already buffered is asked *after*
/// the reads (`hasBufferedInput`), so a read cut short by the budget can never leave data
/// sitting in libssh2 while the loop sleeps.
extension Session {
    /// One turn of the live link.
    func serviceLink(now: UInt64) throws(TransportError) {
        guard var link else { return }
        // `link` is a copy while the turn runs; it is stored back before anything that may
        // replace or end it (an effect resizing the pty, a lost link).
        defer { if self.link != nil { self.link = link } }
        let transport = link.transport
        try transport.service()
        noticeTransfers(transport)
        try link.flush()
        let held = isOutputHeld(now: now)
        if !link.readingDone(for: output), !held {
            try readOutput(&link)
            try link.flush()  // replies to what was just read
        }
        if inputEndRequested, !(try link.finishInput()) { wantsTurn = true }
        wantsTurn = wantsTurn || transport.hasOtherWork
        if link.readingDone(for: output) {
            if let exit = try link.pollExit(now: now, wait: options.exitWait) {
                self.link = link
                finish(exit)
            }
        } else if output.wantsMore, !held {
            // Asked after the reads: a read cut short by the budget, or data libssh2 took
            // off the socket meanwhile, means another turn without sleeping.
            wantsTurn = wantsTurn || link.budgetUsedUp || transport.hasBufferedInput
        }
    }

    /// Reads both streams into the output, within the turn's budgets.
    private func readOutput(_ link: inout SessionLink) throws(TransportError) {
        var budget = options.readBudget
        var work = options.workBudget
        link.budgetUsedUp = false
        let transport = link.transport
        for stream in [TransportStream.output, .errorOutput] {
            reading: while budget > 0, work > 0, !link.hasEnded(stream), output.wantsMore {
                let room = min(budget, readBuffer.count, chunkLimit)
                let result = try readBuffer.withUnsafeMutableBytes { raw in
                    Result { () throws(TransportError) in
                        try transport.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<room]), from: stream)
                    }
                }.get()
                switch result {
                case .transferred(let count):
                    budget -= count
                    lastContact = clock.now()
                    let cost = deliver(count, from: stream, into: &link)
                    work -= cost
                    // A piece may cost an eighth of the turn's work at most: four times smaller
                    // past that, twice larger while twice the piece would still fit.
                    let pieceWork = options.workBudget / 8
                    if cost > pieceWork {
                        chunkLimit = max(64, chunkLimit / 4)
                    } else if cost * 2 <= pieceWork {
                        chunkLimit = min(readBuffer.count, chunkLimit * 2)
                    }
                case .wouldBlock:
                    break reading
                case .endOfStream:
                    link.ended(stream)
                    break reading
                }
            }
        }
        link.budgetUsedUp = budget <= 0 || work <= 0
        readSinceHoldAsked += options.readBudget - budget
    }

    /// Hands the first `count` bytes of the read buffer to the output and carries out what
    /// they ask; returns the work they cost.
    private func deliver(_ count: Int, from stream: TransportStream, into link: inout SessionLink) -> Int {
        let result = readBuffer.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[0..<count])
            recorder?.sessionReceived(UnsafeRawBufferPointer(bytes))
            return output.take(bytes, from: stream, now: clock.now())
        }
        if result.changedScreen { events.post(.screenChanged) }
        noteSynchronizedOutput()
        for effect in result.effects {
            switch effect {
            // Replies leave through the input path and are never drawn.
            case .reply(let reply):
                // A remote that asks and never reads its input must not grow the outbox
                // without bound: beyond the limit, answers are dropped (keys are not).
                if link.outbox.count + reply.count <= Self.replyBacklogLimit {
                    link.outbox.append(contentsOf: reply)
                } else {
                    droppedReplies += 1
                }
            case .bell: events.post(.bell)
            case .titleChanged(let title): events.post(.titleChanged(title))
            case .clipboardRequest(let selection, let data):
                events.post(.clipboardRequest(selection: selection, data: data))
            case .iconNameChanged: break
            case .notification(let notification): events.post(.notification(notification))
            case .progress(let progress):
                self.progress = progress
                events.post(.progressChanged(progress))
            case .commandFinished(let status): events.post(.commandFinished(status: status))
            // The remote resized the screen (XTWINOPS, DECCOLM): its pty follows.
            case .resized:
                recorder?.sessionResized(rows: terminal.rows, columns: terminal.columns)
                try? link.transport.resize(rows: terminal.rows, columns: terminal.columns)
            }
        }
        return result.work
    }

    /// The remote side ended. Without an exit status (sshd killed or restarted, the server
    /// going down) that is a lost link to a session that reconnects: with `--resume` the
    /// shell is still there, in tmux.
    private func finish(_ exit: TransportExit) {
        if exit == .unknown, options.reconnect != nil, reconnector != nil {
            lose(.closedWithoutStatus)
        } else {
            end(.remoteExited(exit))
        }
    }
}
