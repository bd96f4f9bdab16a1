#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SubjectProcess {
    /// Writes one message line and waits for one reply line, keeping standard error as it comes.
    ///
    /// One `poll(2)` loop serves the three pipes, so a program that writes much on standard error
    /// before reading a long message cannot deadlock the runner. Any fault stops the program.
    func exchangeLocked(_ line: [UInt8]) throws(SubjectProcessError) -> String {
        guard pid != 0 else { throw SubjectProcessError(.notRunning) }
        readAvailableOutput()
        drainErrors()
        if !pending.isEmpty {
            let extra = SubjectProcessError.quote(pending)
            throw fault(.unexpectedOutput(extra))
        }
        var message = line
        if message.last != UInt8(ascii: "\n") { message.append(UInt8(ascii: "\n")) }
        var written = 0
        let allowed = awaitingFirstReply && !startupTimedOut ? max(_timeout, startupAllowance) : _timeout
        let deadline = ContinuousClock.now + allowed
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let reply = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                awaitingFirstReply = false
                startupTimedOut = false
                return reply
            }
            if pending.count > maximumReplyLength { throw fault(.replyTooLong(limit: maximumReplyLength)) }
            let now = ContinuousClock.now
            guard now < deadline else {
                if awaitingFirstReply, allowed > _timeout { startupTimedOut = true }
                let partial = pending.isEmpty ? nil : SubjectProcessError.quote(pending)
                throw fault(.timeout(seconds: Self.seconds(allowed), partial: partial))
            }
            var fds = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
                pollfd(fd: written < message.count ? input : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let milliseconds = Int32(clamping: Int((Self.seconds(deadline - now) * 1000).rounded(.up)))
            let ready = poll(&fds, nfds_t(fds.count), max(1, milliseconds))
            if ready < 0 {
                if errno == EINTR { continue }
                throw fault(.writeFailed("poll failed: \(String(cString: strerror(errno)))"))
            }
            if fds[1].revents != 0 { drainErrors() }
            if fds[2].revents != 0 {
                let count = message.withUnsafeBytes { buffer in
                    write(input, buffer.baseAddress! + written, buffer.count - written)
                }
                if count > 0 {
                    written += count
                } else if count < 0, errno != EAGAIN, errno != EINTR {
                    if errno == EPIPE { throw ended(beforeReading: true) }
                    throw fault(.writeFailed(String(cString: strerror(errno))))
                }
            }
            if fds[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 16_384)
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
                if count > 0 {
                    pending.append(contentsOf: chunk[..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    throw ended(beforeReading: false)
                }
            }
        }
    }

    /// Records a fault: stops the program and returns the error to throw.
    func fault(_ reason: SubjectProcessError.Reason) -> SubjectProcessError {
        stopLocked()
        return SubjectProcessError(reason, lastErrorLine: errorOfHistory.lastLine())
    }

    /// The program closed its output or input: waits briefly for its status, then stops it.
    private func ended(beforeReading: Bool) -> SubjectProcessError {
        let partial = pending.isEmpty ? nil : SubjectProcessError.quote(pending)
        _ = reap(waitingUpTo: .milliseconds(500))
        stopLocked()
        let status = _lastExit ?? "closed its output"
        return SubjectProcessError(
            .exited(status: status, beforeReading: beforeReading, partial: partial), lastErrorLine: errorOfHistory.lastLine())
    }

    /// Reads whatever standard output holds now, without waiting.
    func readAvailableOutput() {
        guard output >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            guard count > 0 else { return }
            pending.append(contentsOf: chunk[..<count])
            if pending.count > maximumReplyLength { return }
        }
    }

    /// Moves what the program wrote on standard error into the buffers; with a wait, reads until
    /// the end of the stream or the deadline (used when the program has stopped).
    func drainErrors(waitingUpTo limit: Duration = .zero) {
        guard errors >= 0 else { return }
        let deadline = ContinuousClock.now + limit
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress!, $0.count) }
            if count > 0 {
                chunk.withUnsafeBytes { buffer in
                    let slice = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    errorTail.append(slice)
                    errorOfHistory.append(slice)
                }
                continue
            }
            if count == 0 {  // end of stream: nobody writes any more
                close(errors)
                errors = -1
                return
            }
            if errno == EINTR { continue }
            let now = ContinuousClock.now
            guard errno == EAGAIN, now < deadline else { return }
            var fd = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, max(1, Int32(clamping: Int((Self.seconds(deadline - now) * 1000).rounded(.up)))))
        }
    }
}
