import Foundation

/// A task executor with a thread of its own, for the suite that drives the test sshd (its
/// tests block while they wait on the server, real time and other processes): with its
/// tests preferring this executor, that suite starts at once and goes on beside the engine's
/// tests, instead of waiting for, and then holding, one of the cooperative pool's threads
/// (two on a 2-core machine).
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(name: String) {
        let thread = Thread { [unowned self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
