import RemoteTermSSH

/// The connection being set up off the loop: its outcome, its questions and what it says.
extension Session {
    /// Answers the connection's question (nil: cancel it).
    package func answerPrompt(_ answer: String?) {
        announcedPrompt = nil
        attempt?.prompts.reply(answer)
    }

    /// What the connection said since the last look, as events.
    func takeNotices() {
        guard let mailbox else { return }
        for notice in mailbox.takeNotices() { events.post(.notice(notice)) }
    }

    /// Looks at the attempt running: its outcome once it has one, else its question.
    func pollAttempt() {
        guard let attempt else { return }
        if let outcome = attempt.take() {
            self.attempt = nil
            announcedPrompt = nil
            switch outcome {
            case .connected(let transport):
                attach(transport)
            case .failed(let ending, let retryable):
                if lifecycle.attemptFailed(ending, retryable: retryable, now: clock.now()) {
                    events.post(.linkStatusChanged)
                } else {
                    end(ending)
                }
            }
            return
        }
        let pending = attempt.prompts.pending
        // What the connection said before asking comes first: the front shows it above the
        // question ("Permission denied, please try again." before the next Password:).
        takeNotices()
        if pending != announcedPrompt {
            announcedPrompt = pending
            if let pending { events.post(.prompt(pending)) }
        }
    }

    /// Starts the next reconnection attempt, if one may start now.
    func startAttempt() {
        guard let reconnector, lifecycle.attemptStarted() else { return }
        let attempt = reconnector()
        self.attempt = attempt
        mailbox = attempt.prompts
        events.post(.linkStatusChanged)
        wantsTurn = true
    }
}
