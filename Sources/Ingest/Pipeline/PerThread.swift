import Foundation

/// What making batches keeps from one batch to the next (memos, counts), once for each of the
/// two threads that may make batches at the same time (`TableImporter.pipeline`): `with` lends
/// a copy no other thread holds. What a copy keeps must change nothing in what a batch makes,
/// since which copy a batch gets depends on timing.
final class PerThread<State>: @unchecked Sendable {
    private final class Slot {
        let lock = SpinningLock()
        var state: State

        init(_ state: State) {
            self.state = state
        }
    }

    private let slots: [Slot]

    init(_ make: () -> State) {
        slots = [Slot(make()), Slot(make())]
    }

    /// Runs `body` on a copy no other thread holds: the first when it is free, else the second.
    func with<R>(_ body: (inout State) -> R) -> R {
        let slot = slots[0].lock.try() ? slots[0] : slots[1]
        if slot !== slots[0] { slot.lock.lock() }
        defer { slot.lock.unlock() }
        return body(&slot.state)
    }

    /// Every copy, in turn; for when no batch is being made.
    func forEach(_ body: (State) -> Void) {
        for slot in slots {
            slot.lock.lock()
            body(slot.state)
            slot.lock.unlock()
        }
    }
}
