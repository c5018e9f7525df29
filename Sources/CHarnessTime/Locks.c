// Locks of the code under test as choice points of a seeded run.
//
// Foundation's NSLock, NSRecursiveLock and NSCondition (and NSConditionLock, made of one) lock with
// `pthread_mutex_lock`; code that makes a `pthread_mutex_t` itself does too. Defined here, as `clock_gettime` is, these
// functions are what every library and the program reach. Which mutexes count is decided where they are made
// (`pthread_mutex_init`): one the code under test made — directly, or through one of Foundation's lock initialisers —
// counts; one the Swift runtime, Foundation, Dispatch, Swift Testing or the harness itself (`harness_locks_seal`)
// made never does. On a worker thread of a seeded run, inside a job (`harness_locks_job_begin`), a lock of a counted
// mutex is a choice point: the run may pause the job there and run another, one job at a time (`point`); a held one
// blocks the job until it is released (`busy`); its unlock makes its waiters ready (`released`). Everywhere else every
// call goes to the C library's own function.
//
// `Synchronization.Mutex` locks with inline atomics in the caller: no lock of one is ever a choice point. Only a
// contended one calls out, to `_MutexHandle._lockSlow`, which spins and then sleeps in the kernel (FUTEX_LOCK_PI) until
// the holder's unlock. On a worker that would hold the run's baton while the holder, a job paused inside its section,
// waits for that very baton: so it is defined here too, and in a job a Mutex held by another job of the run is waited
// for as a held mutex is (`mutex_busy`), the job ready again once the word reads free.
//
// Linux only, as OutsideWork.c: elsewhere nothing here is defined but stubs.

#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include "CHarnessTime.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int (*mutex_fn)(pthread_mutex_t *);
typedef int (*mutex_init_fn)(pthread_mutex_t *, const pthread_mutexattr_t *);
typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static _Atomic(mutex_fn) real_lock_p = NULL, real_unlock_p = NULL, real_trylock_p = NULL, real_destroy_p = NULL;
static _Atomic(mutex_init_fn) real_init_p = NULL;

static void *library(const char *name) { return dlsym(RTLD_NEXT, name); }

#define REAL_MUTEX(name, type, cache)                                                  \
    static type name(void) {                                                          \
        type found = atomic_load_explicit(&cache, memory_order_acquire);              \
        if (found == NULL) {                                                          \
            found = (type)library("pthread_" #name);                                  \
            atomic_store_explicit(&cache, found, memory_order_release);               \
        }                                                                             \
        return found;                                                                 \
    }
REAL_MUTEX(mutex_lock, mutex_fn, real_lock_p)
REAL_MUTEX(mutex_unlock, mutex_fn, real_unlock_p)
REAL_MUTEX(mutex_trylock, mutex_fn, real_trylock_p)
REAL_MUTEX(mutex_destroy, mutex_fn, real_destroy_p)
REAL_MUTEX(mutex_init, mutex_init_fn, real_init_p)

// MARK: Which mutexes count

/// Counted mutexes by address: open addressing, lock-free lookups; 0 empty, 1 a slot once used (so chains stay whole).
enum { TABLE_BITS = 16, TABLE_SIZE = 1 << TABLE_BITS, FILTER_WORDS = 4096 };
static _Atomic uintptr_t table[TABLE_SIZE];
/// A bit per hashed address that was ever counted: most lookups (the runtime's mutexes) end here.
static _Atomic uint64_t filter[FILTER_WORDS];
/// Per slot: whether a job waits for the mutex (`SLOT_WAITED`), whether it is a serial queue's, a concurrent queue's,
/// a reader-writer lock's or a Dispatch semaphore rather than a mutex (`SLOT_QUEUE`, `SLOT_CONCURRENT`, `SLOT_RWLOCK`,
/// `SLOT_SEMAPHORE`), and the task id of
/// the job that holds it (0: none known; a reader-writer lock's writer, a concurrent queue's barrier).
static _Atomic uint32_t slot_flags[TABLE_SIZE];
static _Atomic uint64_t slot_holder[TABLE_SIZE];
enum { SLOT_WAITED = 1, SLOT_QUEUE = 2, SLOT_RWLOCK = 4, SLOT_CONCURRENT = 8, SLOT_SEMAPHORE = 16,
       SLOT_KIND = SLOT_QUEUE | SLOT_RWLOCK | SLOT_CONCURRENT | SLOT_SEMAPHORE };
static _Atomic int64_t counted_now = 0;

/// Moves on whenever an address is counted, or counted as another kind, or the static ranges are found: a verdict
/// "not a counted mutex" read before it moved may be wrong now (`known_plain`). Starts at 1: a thread's 0 never matches.
static _Atomic uint64_t counting_epoch = 1;

static inline size_t slot_of(uintptr_t address) {
    return (size_t)(((address >> 3) * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS));
}
static inline size_t bit_of(uintptr_t address) { return (address >> 3) & (FILTER_WORDS * 64 - 1); }

/// The slot of a counted mutex, or -1.
static inline long find_slot(const void *mutex) {
    uintptr_t address = (uintptr_t)mutex;
    size_t bit = bit_of(address);
    if (!((atomic_load_explicit(&filter[bit >> 6], memory_order_relaxed) >> (bit & 63)) & 1)) return -1;
    for (size_t slot = slot_of(address), probes = 0; probes < TABLE_SIZE; slot = (slot + 1) & (TABLE_SIZE - 1), probes++) {
        uintptr_t held = atomic_load_explicit(&table[slot], memory_order_acquire);
        if (held == address) return (long)slot;
        if (held == 0) return -1;
    }
    return -1;
}

static inline int is_counted(const void *mutex) { return find_slot(mutex) >= 0; }

/// The slot of a counted lock of `kind` (0: a mutex), or -1.
static inline long find_kind_slot(const void *lock, uint32_t kind) {
    long slot = find_slot(lock);
    return slot >= 0 && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_KIND) != kind ? -1 : slot;
}

/// The slot of a counted mutex (not a queue's, not a reader-writer lock's), or -1.
static inline long find_mutex_slot(const void *mutex) { return find_kind_slot(mutex, 0); }

/// Counts the mutex (`kind` 0), queue (`SLOT_QUEUE`, `SLOT_CONCURRENT`) or reader-writer lock (`SLOT_RWLOCK`) at `mutex`; one
/// counted there before is one of `kind` now (its memory was freed and made again).
static void count_address(const void *mutex, uint32_t kind) {
    uintptr_t address = (uintptr_t)mutex;
    long found = find_slot(mutex);
    if (found >= 0) {
        if ((atomic_load_explicit(&slot_flags[found], memory_order_relaxed) & SLOT_KIND) != kind) {
            atomic_store_explicit(&slot_flags[found], kind, memory_order_relaxed);
            atomic_fetch_add_explicit(&counting_epoch, 1, memory_order_release);
        }
        return;
    }
    size_t bit = bit_of(address);
    atomic_fetch_or_explicit(&filter[bit >> 6], 1ull << (bit & 63), memory_order_relaxed);
    for (size_t slot = slot_of(address), probes = 0; probes < TABLE_SIZE; slot = (slot + 1) & (TABLE_SIZE - 1), probes++) {
        uintptr_t expected = atomic_load_explicit(&table[slot], memory_order_relaxed);
        if (expected > 1) continue;
        atomic_store_explicit(&slot_flags[slot], kind, memory_order_relaxed);
        atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
        if (atomic_compare_exchange_strong(&table[slot], &expected, address)) {
            atomic_fetch_add_explicit(&counted_now, 1, memory_order_relaxed);
            atomic_fetch_add_explicit(&counting_epoch, 1, memory_order_release);
            return;
        }
    }
}

static void count_mutex(const void *mutex) { count_address(mutex, 0); }

static void forget_mutex(const void *mutex) {
    uintptr_t address = (uintptr_t)mutex;
    size_t bit = bit_of(address);
    if (!((atomic_load_explicit(&filter[bit >> 6], memory_order_relaxed) >> (bit & 63)) & 1)) return;
    for (size_t slot = slot_of(address), probes = 0; probes < TABLE_SIZE; slot = (slot + 1) & (TABLE_SIZE - 1), probes++) {
        uintptr_t held = atomic_load_explicit(&table[slot], memory_order_acquire);
        if (held == 0) return;
        if (held == address) {
            atomic_store_explicit(&table[slot], 1, memory_order_release);
            atomic_fetch_sub_explicit(&counted_now, 1, memory_order_relaxed);
            return;
        }
    }
}

/// Non-zero while the harness makes its own locks (`harness_locks_seal`), or inside this file's own calls.
static __thread int sealed = 0;
static __thread int classifying = 0;

void harness_locks_seal(int on) { sealed += on ? 1 : -1; }

/// The directory of the Swift toolchain's libraries (libswiftCore.so's, with Foundation's beside it), found once.
static char toolchain_dir[512];
static pthread_once_t toolchain_once = PTHREAD_ONCE_INIT;
static void find_toolchain(void) {
    Dl_info info;
    void *core = dlsym(RTLD_DEFAULT, "swift_retain");
    if (core != NULL && dladdr(core, &info) && info.dli_fname != NULL) {
        const char *slash = strrchr(info.dli_fname, '/');
        size_t length = slash != NULL ? (size_t)(slash - info.dli_fname + 1) : 0;
        if (length < sizeof toolchain_dir) {
            memcpy(toolchain_dir, info.dli_fname, length);
            toolchain_dir[length] = 0;
        }
    }
}

/// Whether `path` is a library of the system's or of the toolchain's: its locks are its own business.
static int is_library(const char *path) {
    if (path == NULL) return 1;
    if (toolchain_dir[0] != 0 && strncmp(path, toolchain_dir, strlen(toolchain_dir)) == 0) return 1;
    return strncmp(path, "/lib/", 5) == 0 || strncmp(path, "/lib64/", 7) == 0 || strncmp(path, "/usr/lib/", 9) == 0;
}

/// Whether `name` is one of Foundation's lock classes' members (their mangled names: `10Foundation6NSLockC…`).
static int is_lock_initialiser(const char *name) {
    if (name == NULL) return 0;
    return strstr(name, "10Foundation6NSLockC") != NULL || strstr(name, "10Foundation15NSRecursiveLockC") != NULL
        || strstr(name, "10Foundation11NSConditionC") != NULL || strstr(name, "10Foundation15NSConditionLockC") != NULL;
}

/// The return address of the frame above `frame` (its saved frame pointer's), walking frame pointers: Swift keeps
/// them, and `backtrace()`'s unwinder stops at an async caller's frame. NULL where the chain does not look whole.
static void **caller_frame(void **frame) {
    void **next = (void **)((uintptr_t)frame[0] & ~(1ull << 60));  // an async frame marks its saved pointer
    if ((uintptr_t)next <= (uintptr_t)frame || (uintptr_t)next - (uintptr_t)frame > (1u << 20) || ((uintptr_t)next & 7))
        return NULL;
    return next;
}

/// What a frame's return address says of the mutex being made: a library's (not counted), the program's (counted), or
/// one of Foundation's lock initialisers (its caller decides).
enum { FRAME_LIBRARY = 1, FRAME_PROGRAM = 2, FRAME_LOCK_INITIALISER = 3 };

/// Each return address's verdict, learnt once: `dladdr` finds a symbol by scanning its library's table (about 10 µs),
/// and the Swift runtime makes a mutex for every task it creates. An entry is the address with the verdict in its top
/// byte; 0 is empty. Nothing in this package unloads a library, so an address keeps its verdict for the process's life.
enum { VERDICT_BITS = 12, VERDICT_SIZE = 1 << VERDICT_BITS, VERDICT_PROBES = 8 };
static _Atomic uint64_t frame_verdicts[VERDICT_SIZE];

static int frame_verdict(void *address) {
    const uint64_t mask = (1ull << 56) - 1;
    uint64_t key = (uint64_t)(uintptr_t)address & mask;
    size_t first = (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - VERDICT_BITS));
    for (size_t probe = 0; probe < VERDICT_PROBES; probe++) {
        uint64_t entry = atomic_load_explicit(&frame_verdicts[(first + probe) & (VERDICT_SIZE - 1)], memory_order_relaxed);
        if (entry == 0) break;
        if ((entry & mask) == key) return (int)(entry >> 56);
    }
    Dl_info info;
    int verdict = !dladdr(address, &info) ? FRAME_LIBRARY
        : !is_library(info.dli_fname) ? FRAME_PROGRAM
        : is_lock_initialiser(info.dli_sname) ? FRAME_LOCK_INITIALISER : FRAME_LIBRARY;
    for (size_t probe = 0; probe < VERDICT_PROBES; probe++) {
        uint64_t empty = 0;
        if (atomic_compare_exchange_strong(&frame_verdicts[(first + probe) & (VERDICT_SIZE - 1)], &empty,
                                           key | (uint64_t)verdict << 56)) break;
        if ((empty & mask) == key) break;
    }
    return verdict;
}

/// Whether the mutex being made now is the code under test's: made by code outside the system's and toolchain's
/// libraries, directly or through Foundation's lock initialisers. `frame`: `pthread_mutex_init`'s own frame.
static int made_by_code_under_test(void **frame) {
    pthread_once(&toolchain_once, find_toolchain);
    for (int depth = 0; depth < 6 && frame != NULL; depth++) {
        switch (frame_verdict(frame[1])) {
        case FRAME_PROGRAM: return 1;
        case FRAME_LIBRARY: return 0;
        default: break;  // A Foundation lock: who made it? Past the lock initialisers, the first frame decides.
        }
        frame = caller_frame(frame);
    }
    return 0;
}

static _Atomic int64_t counted_total = 0;
int64_t harness_locks_counted(void) { return atomic_load_explicit(&counted_total, memory_order_relaxed); }
int harness_locks_is_counted(const void *mutex) { return is_counted(mutex); }

// MARK: Mutexes no init ever saw: the program's static storage

// A mutex made with `PTHREAD_MUTEX_INITIALIZER`, or a Swift global `var lock = pthread_mutex_t()` (zero-filled, which
// glibc takes for the initializer), never passes `pthread_mutex_init`. Such a mutex is decided at its first lock inside
// a job: counted if it lies in the static storage (data, bss) of an image that is not a library of the system's or the
// toolchain's — the program, the test bundle, a library the package builds — the code under test's, as `is_library`
// decides for init's callers. Anywhere else never: the heap, a stack, and above all the libraries' own statics
// (CoreFoundation's `CFLock_t`s, the runtime's, Dispatch's, the C library's). The harness's own statics share the
// program's image: they are kept in a section of their own (`HARNESS_OWN_MUTEX`) and never counted. One seen at init
// keeps init's verdict.

/// The writable segments of the program's images, found once from the loader's list (what `dladdr` reads) at the first
/// init or when the harness sets its callbacks, whichever comes first: an image loaded later is not looked at.
enum { MAX_STATIC_RANGES = 32 };
static uintptr_t static_low[MAX_STATIC_RANGES], static_high[MAX_STATIC_RANGES];
static _Atomic int static_ranges = 0;

static int add_static_ranges(struct dl_phdr_info *image, size_t size, void *count) {
    (void)size;
    // The main program's name is empty in the loader's list: its path is /proc/self/exe's.
    char path[512];
    const char *name = image->dlpi_name;
    if (name == NULL || name[0] == 0) {
        ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
        path[length > 0 ? length : 0] = 0;
        name = path;
    }
    if (is_library(name)) return 0;
    for (int index = 0; index < image->dlpi_phnum && *(int *)count < MAX_STATIC_RANGES; index++) {
        const ElfW(Phdr) *segment = &image->dlpi_phdr[index];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_W)) continue;
        static_low[*(int *)count] = image->dlpi_addr + segment->p_vaddr;
        static_high[*(int *)count] = image->dlpi_addr + segment->p_vaddr + segment->p_memsz;
        *(int *)count += 1;
    }
    return 0;
}

static pthread_once_t static_once = PTHREAD_ONCE_INIT;
static void find_static_ranges(void) {
    pthread_once(&toolchain_once, find_toolchain);
    int count = 0;
    dl_iterate_phdr(add_static_ranges, &count);
    atomic_store_explicit(&static_ranges, count, memory_order_release);
    atomic_fetch_add_explicit(&counting_epoch, 1, memory_order_release);
}

/// The harness's own static mutexes (`HARNESS_OWN_MUTEX`): the linker's bounds of their section.
extern char __start_harness_own_mutexes[] __attribute__((weak, visibility("hidden")));
extern char __stop_harness_own_mutexes[] __attribute__((weak, visibility("hidden")));

/// Static mutexes of the program's images that `pthread_mutex_init` saw (whatever its verdict): few, never forgotten.
enum { SEEN_SIZE = 1024 };
static _Atomic uintptr_t seen_at_init[SEEN_SIZE];

static inline int in_static_storage(uintptr_t address) {
    int count = atomic_load_explicit(&static_ranges, memory_order_acquire);
    for (int index = 0; index < count; index++)
        if (address >= static_low[index] && address < static_high[index]) return 1;
    return 0;
}

/// Records (`add`) or looks up a static mutex init saw.
static int seen_at_init_table(uintptr_t address, int add) {
    for (size_t slot = slot_of(address) & (SEEN_SIZE - 1), probes = 0; probes < SEEN_SIZE;
         slot = (slot + 1) & (SEEN_SIZE - 1), probes++) {
        uintptr_t held = atomic_load_explicit(&seen_at_init[slot], memory_order_acquire);
        if (held == address) return 1;
        if (held != 0) continue;
        if (!add) return 0;
        if (atomic_compare_exchange_strong(&seen_at_init[slot], &held, address) || held == address) return 1;
    }
    return 0;
}

static _Atomic int64_t counted_static = 0;
int64_t harness_locks_counted_static(void) { return atomic_load_explicit(&counted_static, memory_order_relaxed); }

/// One decision at a time (two runs may meet the same static mutex first at once), and only once per address: a
/// counted one is found in the table from then on, a refused one is refused again by the same reading.
static _Atomic int deciding = 0;

static _Atomic int64_t rwlocks_counted = 0, rwlocks_counted_static = 0;
static void rwlock_counted(long slot);

/// The slot of `mutex` if it is a static mutex (`kind` 0) or reader-writer lock (`SLOT_RWLOCK`) of the program's that no
/// init saw, counted from now on; else -1.
static long count_if_static(const void *mutex, uint32_t kind) {
    uintptr_t address = (uintptr_t)mutex;
    if (!in_static_storage(address)) return -1;
    if (address >= (uintptr_t)__start_harness_own_mutexes && address < (uintptr_t)__stop_harness_own_mutexes) return -1;
    if (seen_at_init_table(address, 0)) return -1;
    int expected = 0;
    while (!atomic_compare_exchange_weak_explicit(&deciding, &expected, 1, memory_order_acquire, memory_order_relaxed))
        expected = 0;
    if (!is_counted(mutex)) {
        count_address(mutex, kind);
        if (kind == SLOT_RWLOCK) {
            rwlock_counted(find_slot(mutex));
            atomic_fetch_add_explicit(&rwlocks_counted_static, 1, memory_order_relaxed);
        } else {
            atomic_fetch_add_explicit(&counted_static, 1, memory_order_relaxed);
            atomic_fetch_add_explicit(&counted_total, 1, memory_order_relaxed);
        }
    }
    atomic_store_explicit(&deciding, 0, memory_order_release);
    return find_kind_slot(mutex, kind);
}

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attributes) {
    int result = mutex_init()(mutex, attributes);
    if (result != 0 || classifying) return result;
    classifying = 1;
    pthread_once(&static_once, find_static_ranges);
    if (in_static_storage((uintptr_t)mutex)) seen_at_init_table((uintptr_t)mutex, 1);
    if (!sealed && made_by_code_under_test((void **)__builtin_frame_address(0))) {
        count_mutex(mutex);
        atomic_fetch_add_explicit(&counted_total, 1, memory_order_relaxed);
    } else {
        forget_mutex(mutex);
    }
    classifying = 0;
    return result;
}

int pthread_mutex_destroy(pthread_mutex_t *mutex) {
    forget_mutex(mutex);
    return mutex_destroy()(mutex);
}

// MARK: Choice points

/// The callbacks into the run, set once by the harness.
static _Atomic(const harness_lock_callbacks *) lock_callbacks = NULL;
void harness_locks_set_callbacks(const harness_lock_callbacks *set) {
    pthread_once(&static_once, find_static_ranges);
    atomic_store_explicit(&lock_callbacks, set, memory_order_release);
}

/// The run whose job this worker runs now, with its locks as choice points (NULL elsewhere).
static __thread void *lock_run = NULL;
/// Non-zero inside a callback: the harness's own locking there is never a choice point.
static __thread int in_callback = 0;

/// How many candidates the run has besides the running job (kept by the run), and the running job's task id.
static __thread const int *lock_others = NULL;
static __thread uint64_t lock_task = 0;

static __thread int in_hop = 0;
void harness_locks_in_hop(void) { in_hop = 1; }

void harness_locks_job_begin(void *run, const int *others, uint64_t task) {
    in_hop = 0;
    lock_others = others;
    lock_task = task;
    lock_run = run;
}
void harness_locks_job_end(void) {
    lock_run = NULL;
    in_hop = 0;
}

void *harness_locks_job_run(void) { return in_callback || in_hop ? NULL : lock_run; }

void harness_locks_mark_waiting(const void *mutex, int on) {
    long slot = find_slot(mutex);
    if (slot < 0) return;
    if (on) atomic_fetch_or_explicit(&slot_flags[slot], SLOT_WAITED, memory_order_relaxed);
    else atomic_fetch_and_explicit(&slot_flags[slot], ~(uint32_t)SLOT_WAITED, memory_order_relaxed);
}

static uint64_t rwlock_first_reader(long slot);

uint64_t harness_locks_holder(const void *mutex) {
    long slot = find_slot(mutex);
    if (slot < 0) return 0;
    uint64_t holder = atomic_load_explicit(&slot_holder[slot], memory_order_relaxed);
    return holder != 0 || !(atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_RWLOCK)
        ? holder : rwlock_first_reader(slot);
}

static _Atomic int64_t points_seen = 0;
int64_t harness_locks_points(void) { return atomic_load_explicit(&points_seen, memory_order_relaxed); }

/// The kernel id the C library keeps of a mutex's holder (glibc's `__owner`), or 0.
static inline int holder_of(pthread_mutex_t *mutex) { return mutex->__data.__owner; }
static __thread int own_tid = 0;
static inline int my_tid(void) {
    if (own_tid == 0) own_tid = (int)syscall(SYS_gettid);
    return own_tid;
}

/// Mutexes this thread found in a job to be no counted mutex (most: the runtime's and the harness's), by a hash of the
/// address, as of `plain_epoch`: inside a job every lock asks, and the table and the static ranges cost ~100
/// instructions where this costs ~10. Only the full verdict of a lock is kept (an unlock does not ask whether a static
/// mutex counts), and all of it is dropped once `counting_epoch` moves.
enum { PLAIN_BITS = 5, PLAIN_SIZE = 1 << PLAIN_BITS };
static __thread uintptr_t plain_seen[PLAIN_SIZE];
static __thread uint64_t plain_epoch = 0;

static inline size_t plain_index(uintptr_t address) {
    return (size_t)(((address >> 3) * 0x9E3779B97F4A7C15ull) >> (64 - PLAIN_BITS));
}

static inline uint64_t epoch_now(void) { return atomic_load_explicit(&counting_epoch, memory_order_acquire); }

/// Whether this thread already found `mutex` to be no counted mutex, and nothing was counted since.
static inline int known_plain(const void *mutex) {
    uintptr_t address = (uintptr_t)mutex;
    return plain_seen[plain_index(address)] == address && plain_epoch == epoch_now();
}

/// Keeps the verdict "no counted mutex" on `mutex`, reached with the epoch read before it (`epoch`).
static inline void note_plain(const void *mutex, uint64_t epoch) {
    if (plain_epoch != epoch) {
        memset(plain_seen, 0, sizeof plain_seen);
        plain_epoch = epoch;
    }
    plain_seen[plain_index((uintptr_t)mutex)] = (uintptr_t)mutex;
}

/// Whether a lock or unlock of `mutex` here may be one of a counted mutex in a job: most are not, and cost ~10
/// instructions to say so.
static inline int maybe_point(const void *mutex) {
    return lock_run != NULL && !in_callback && !known_plain(mutex);
}

/// The slot of `mutex` if it counts (a static one of the program's counted now, at its first lock in a job); else -1,
/// and this thread keeps it as plain.
static long counted_slot(pthread_mutex_t *mutex) {
    uint64_t epoch = epoch_now();
    long slot = find_mutex_slot(mutex);
    if (slot < 0) slot = count_if_static(mutex, 0);
    if (slot < 0) note_plain(mutex, epoch);
    return slot;
}

/// Before the entry of a counted lock (a mutex, a reader-writer lock, a queue's `sync` or send, a semaphore's wait): a
/// choice point only where another job could run, otherwise no call at all. Whether the run was told.
static int lock_point(void *run, void *lock, const harness_lock_callbacks *set) {
    atomic_fetch_add_explicit(&points_seen, 1, memory_order_relaxed);
    if (*lock_others <= 0 || in_hop) return 0;
    in_callback = 1;
    set->point(run, lock);
    in_callback = 0;
    return 1;
}

/// A counted lock was taken after `lock_point` or a wait told the run (`told`): the timeline's "takes lock n".
static void lock_taken(void *run, void *lock, const harness_lock_callbacks *set, int told) {
    if (!told) return;
    in_callback = 1;
    set->taken(run, lock);
    in_callback = 0;
}

/// A counted mutex was taken: its holder is this job, and the run hears of it if it was told of the lock.
static void mutex_taken(void *run, pthread_mutex_t *mutex, long slot, const harness_lock_callbacks *set, int told) {
    atomic_store_explicit(&slot_holder[slot], lock_task, memory_order_relaxed);
    lock_taken(run, mutex, set, told);
}

/// A lock in a job of a mutex not known plain: a choice point if it counts.
__attribute__((noinline)) static int lock_in_job(pthread_mutex_t *mutex) {
    long slot = counted_slot(mutex);
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (slot >= 0 && set != NULL) {
        void *run = lock_run;
        int told = lock_point(run, mutex, set);
        while (1) {
            int result = mutex_trylock()(mutex);
            if (result == 0) {
                mutex_taken(run, mutex, slot, set, told);
                return 0;
            }
            // Held by this thread (a plain mutex locked twice): as the library does, whatever that is.
            int holder = holder_of(mutex);
            if (result != EBUSY || holder == my_tid() || in_hop) break;
            in_callback = 1;
            int waited = set->busy(run, mutex, holder);
            in_callback = 0;
            told = 1;
            // Held by a thread outside the run (outside work, another run): wait for it for real, as today.
            if (!waited) break;
        }
    }
    return mutex_lock()(mutex);
}

int pthread_mutex_lock(pthread_mutex_t *mutex) {
    return maybe_point(mutex) ? lock_in_job(mutex) : mutex_lock()(mutex);
}

/// A try lock in a job of a mutex not known plain: a choice point if it counts.
__attribute__((noinline)) static int trylock_in_job(pthread_mutex_t *mutex) {
    long slot = counted_slot(mutex);
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (slot < 0 || set == NULL) return mutex_trylock()(mutex);
    int told = lock_point(lock_run, mutex, set);
    int result = mutex_trylock()(mutex);
    if (result == 0) mutex_taken(lock_run, mutex, slot, set, told);
    return result;
}

int pthread_mutex_trylock(pthread_mutex_t *mutex) {
    return maybe_point(mutex) ? trylock_in_job(mutex) : mutex_trylock()(mutex);
}

/// After the library's unlock in a job of a mutex not known plain: if it counts, its waiting jobs are ready.
__attribute__((noinline)) static void unlocked_in_job(pthread_mutex_t *mutex) {
    long slot = find_mutex_slot(mutex);
    // Released for good (a recursive one only at its outermost unlock): waiting jobs are ready.
    if (slot < 0 || holder_of(mutex) == my_tid()) return;
    atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set != NULL && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_WAITED)) {
        in_callback = 1;
        set->released(lock_run, mutex);
        in_callback = 0;
    }
}

int pthread_mutex_unlock(pthread_mutex_t *mutex) {
    int result = mutex_unlock()(mutex);
    if (result == 0 && maybe_point(mutex)) unlocked_in_job(mutex);
    return result;
}

// MARK: Serial queues of the code under test

// `DispatchQueue.sync` on a serial queue is how much Swift code makes a critical section: `queue.sync { balance >=
// amount }`, then `queue.sync { balance -= amount }`. It is treated as a mutex: its entry is a choice point, and while a
// job is inside its block another job's `sync` on it waits until the block ends. Which queues count is decided where
// they are made (`dispatch_queue_create`, `dispatch_queue_create_with_target`), as mutexes are at init: one the code
// under test made through Dispatch's Swift overlay (whose frames are passed over, as Foundation's lock initialisers'
// are), serial (no attribute, or one derived from none by the overlay's attribute makers: a concurrent or initially
// inactive queue never counts), with the default target (a queue targeting another syncs through that one's lock too,
// which nothing here follows). A queue made to target a counted one, or given a new target, counts no more. The
// harness makes no queue of its own. The sync itself stays OutsideWork.c's (`harness_locks_queue_enter`/`leave`).

typedef void *(*attr_qos_t)(void *attr, int qos, int relative);
typedef void *(*attr_frequency_t)(void *attr, unsigned long frequency);
typedef void *(*attr_overcommit_t)(void *attr, _Bool overcommit);
typedef void *(*queue_create_t)(const char *label, void *attr);
typedef void *(*queue_create_target_t)(const char *label, void *attr, void *target);
typedef void (*set_target_t)(void *object, void *target);

#define REAL_DISPATCH(name, type)                                                     \
    static type real_##name(void) {                                                   \
        static _Atomic(type) cache = NULL;                                            \
        type found = atomic_load_explicit(&cache, memory_order_acquire);              \
        if (found == NULL) {                                                          \
            found = (type)library(#name);                                             \
            atomic_store_explicit(&cache, found, memory_order_release);               \
        }                                                                             \
        return found;                                                                 \
    }
REAL_DISPATCH(dispatch_queue_attr_make_with_qos_class, attr_qos_t)
REAL_DISPATCH(dispatch_queue_attr_make_with_autorelease_frequency, attr_frequency_t)
REAL_DISPATCH(dispatch_queue_attr_make_with_overcommit, attr_overcommit_t)
REAL_DISPATCH(dispatch_queue_create, queue_create_t)
REAL_DISPATCH(dispatch_queue_create_with_target, queue_create_target_t)
REAL_DISPATCH(dispatch_set_target_queue, set_target_t)

/// Queue attributes derived from no attribute (a serial queue's) by the makers below: libdispatch keeps one constant
/// per combination, never freed. Full, an attribute is simply not known serial, and its queues not counted.
enum { SERIAL_ATTRS = 64 };
static _Atomic uintptr_t serial_attrs[SERIAL_ATTRS];

/// Whether `attr` is one of `set`'s (filled from the front, never emptied).
static int attr_in(_Atomic uintptr_t *set, const void *attr) {
    for (int index = 0; index < SERIAL_ATTRS; index++) {
        uintptr_t known = atomic_load_explicit(&set[index], memory_order_acquire);
        if (known == (uintptr_t)attr) return 1;
        if (known == 0) return 0;
    }
    return 0;
}

static int is_serial_attr(const void *attr) { return attr == NULL || attr_in(serial_attrs, attr); }

/// Queue attributes known concurrent: libdispatch's own (`DISPATCH_QUEUE_CONCURRENT`, what the overlay's `.concurrent`
/// is) and those the makers below derived from one. An initially inactive one is made by a maker not defined here: never
/// known, never counted.
static _Atomic uintptr_t concurrent_attrs[SERIAL_ATTRS];
static pthread_once_t concurrent_once = PTHREAD_ONCE_INIT;
static void find_concurrent_attr(void) {
    void *attr = dlsym(RTLD_DEFAULT, "_dispatch_queue_attr_concurrent");
    if (attr != NULL) atomic_store_explicit(&concurrent_attrs[0], (uintptr_t)attr, memory_order_release);
}

static int is_concurrent_attr(const void *attr) {
    if (attr == NULL) return 0;
    pthread_once(&concurrent_once, find_concurrent_attr);
    return attr_in(concurrent_attrs, attr);
}

static void remember_attr(_Atomic uintptr_t *set, void *made) {
    for (int index = 0; index < SERIAL_ATTRS; index++) {
        uintptr_t empty = 0;
        if (atomic_compare_exchange_strong(&set[index], &empty, (uintptr_t)made) || empty == (uintptr_t)made) break;
    }
}

/// `made` derives from `from`: serial if `from` is, concurrent if `from` is.
static void *derived_attr(const void *from, void *made) {
    if (made == NULL) return made;
    if (is_serial_attr(from) && !is_serial_attr(made)) remember_attr(serial_attrs, made);
    else if (is_concurrent_attr(from) && !is_concurrent_attr(made)) remember_attr(concurrent_attrs, made);
    return made;
}

void *dispatch_queue_attr_make_with_qos_class(void *attr, int qos, int relative) {
    return derived_attr(attr, real_dispatch_queue_attr_make_with_qos_class()(attr, qos, relative));
}

void *dispatch_queue_attr_make_with_autorelease_frequency(void *attr, unsigned long frequency) {
    return derived_attr(attr, real_dispatch_queue_attr_make_with_autorelease_frequency()(attr, frequency));
}

void *dispatch_queue_attr_make_with_overcommit(void *attr, _Bool overcommit) {
    return derived_attr(attr, real_dispatch_queue_attr_make_with_overcommit()(attr, overcommit));
}

/// The kernel id of the worker whose job is inside a counted queue's `sync` block, per slot (0: none).
static _Atomic int slot_holder_tid[TABLE_SIZE];

static _Atomic int64_t queues_counted = 0;
int64_t harness_locks_queues_counted(void) { return atomic_load_explicit(&queues_counted, memory_order_relaxed); }
int harness_locks_is_counted_queue(const void *queue) {
    long slot = find_slot(queue);
    return slot >= 0 && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & (SLOT_QUEUE | SLOT_CONCURRENT));
}

static void rw_state_clear(long slot);
static long concurrent_queue_enter(void *queue, long slot, int barrier, const harness_lock_callbacks *set, int told);
static void concurrent_queue_leave(void *queue, long slot);

/// Whether the queue being made now is the code under test's: past Dispatch's Swift overlay (whose frames keep no frame
/// pointer: the unwinder walks them), the first frame is the program's. `caller`: the queue maker's return address.
static int queue_made_by_code_under_test(void *caller) {
    pthread_once(&toolchain_once, find_toolchain);
    void *frames[12];
    int count = backtrace(frames, 12);
    // The frames up to the queue maker below are this file's, in the program's own image: the walk starts at its caller.
    int start = 0;
    while (start < count && frames[start] != caller) start++;
    for (int index = start; index < count; index++) {
        Dl_info info;
        if (!dladdr(frames[index], &info) || info.dli_fname == NULL) return 0;
        const char *slash = strrchr(info.dli_fname, '/');
        if (slash != NULL && strcmp(slash + 1, "libswiftDispatch.so") == 0) continue;
        return frame_verdict(frames[index]) == FRAME_PROGRAM;
    }
    return 0;
}

/// Decides the queue just made at `queue` (with `attr`, `target`): counted, or not (forgotten if its memory was).
static void decide_queue(void *queue, const void *attr, void *target, void *caller) {
    if (queue == NULL) return;
    if (target != NULL && harness_locks_is_counted_queue(target)) forget_mutex(target);
    if (classifying) return;
    classifying = 1;
    uint32_t kind = is_serial_attr(attr) ? SLOT_QUEUE : is_concurrent_attr(attr) ? SLOT_CONCURRENT : 0;
    if (!sealed && target == NULL && kind != 0 && queue_made_by_code_under_test(caller)) {
        count_address(queue, kind);
        long slot = find_slot(queue);
        if (slot >= 0) {
            atomic_store_explicit(&slot_holder_tid[slot], 0, memory_order_relaxed);
            if (kind == SLOT_CONCURRENT) rw_state_clear(slot);
        }
        atomic_fetch_add_explicit(&queues_counted, 1, memory_order_relaxed);
    } else {
        forget_mutex(queue);
    }
    classifying = 0;
}

void *dispatch_queue_create(const char *label, void *attr) {
    void *queue = real_dispatch_queue_create()(label, attr);
    decide_queue(queue, attr, NULL, __builtin_return_address(0));
    return queue;
}

void *dispatch_queue_create_with_target(const char *label, void *attr, void *target) {
    void *queue = real_dispatch_queue_create_with_target()(label, attr, target);
    decide_queue(queue, attr, target, __builtin_return_address(0));
    return queue;
}

void dispatch_set_target_queue(void *object, void *target) {
    if (harness_locks_is_counted_queue(object)) forget_mutex(object);
    if (target != NULL && harness_locks_is_counted_queue(target)) forget_mutex(target);
    real_dispatch_set_target_queue()(object, target);
}

__attribute__((visibility("hidden"))) long harness_locks_queue_enter(void *queue, int barrier) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return -1;
    long slot = find_slot(queue);
    if (slot < 0) return -1;
    uint32_t kind = atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_KIND;
    if (kind != SLOT_QUEUE && kind != SLOT_CONCURRENT) return -1;
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set == NULL) return -1;
    void *run = lock_run;
    int told = lock_point(run, queue, set);
    if (kind == SLOT_CONCURRENT) return concurrent_queue_enter(queue, slot, barrier, set, told);
    int me = my_tid();
    while (1) {
        int holder = 0;
        if (atomic_compare_exchange_strong(&slot_holder_tid[slot], &holder, me)) break;
        // A sync onto the queue whose block it runs: the library's own trap. Held by a thread outside the run (another
        // run's job): waited for in the library, as a job that blocks does, and not recorded.
        if (holder == me) return -1;
        in_callback = 1;
        int waited = set->busy(run, queue, holder);
        in_callback = 0;
        told = 1;
        if (!waited) return -1;
    }
    atomic_store_explicit(&slot_holder[slot], lock_task, memory_order_relaxed);
    lock_taken(run, queue, set, told);
    return slot;
}

__attribute__((visibility("hidden"))) void harness_locks_queue_leave(void *queue, long slot) {
    if (slot < 0) return;
    if (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_CONCURRENT) {
        concurrent_queue_leave(queue, slot);
        return;
    }
    atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
    atomic_store_explicit(&slot_holder_tid[slot], 0, memory_order_release);
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (lock_run != NULL && set != NULL && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_WAITED)) {
        in_callback = 1;
        set->released(lock_run, queue);
        in_callback = 0;
    }
}

// MARK: Reader-writer locks of the code under test

// A `pthread_rwlock_t` is how Swift code on Linux guards state read often and written seldom: Foundation has no
// reader-writer lock type (and makes none: its libraries import no `pthread_rwlock_*`), so such code calls Glibc's
// directly. It is treated as a mutex with many readers: the entry of every lock call is a choice point; a write lock
// waits while another job reads or writes it, a read lock while another job writes it. The C library's default kind
// prefers readers, and so does this: a job waiting to write does not hold a new reader back. Which ones count is decided
// as for mutexes: made by the code under test (`pthread_rwlock_init`'s caller), or static storage of the program's that
// no init saw, counted at its first lock in a job; and of the default kind only (one that prefers writers is not
// counted: its library would hold readers back for a writer that waits here, not there). The writer is the C library's
// record (`__cur_writer`, a kernel thread id); readers leave no trace there, so each counted lock keeps its readers
// among the runs' jobs here (`rw_state`). A timed lock held by another job does not wait: it times out at once, as it
// may on a real machine whenever the holder is held up past the deadline.

typedef int (*rw_fn)(pthread_rwlock_t *);
typedef int (*rw_init_fn)(pthread_rwlock_t *, const pthread_rwlockattr_t *);
typedef int (*rw_timed_fn)(pthread_rwlock_t *, const struct timespec *);
typedef int (*rw_clock_fn)(pthread_rwlock_t *, clockid_t, const struct timespec *);
REAL_DISPATCH(pthread_rwlock_init, rw_init_fn)
REAL_DISPATCH(pthread_rwlock_destroy, rw_fn)
REAL_DISPATCH(pthread_rwlock_rdlock, rw_fn)
REAL_DISPATCH(pthread_rwlock_wrlock, rw_fn)
REAL_DISPATCH(pthread_rwlock_tryrdlock, rw_fn)
REAL_DISPATCH(pthread_rwlock_trywrlock, rw_fn)
REAL_DISPATCH(pthread_rwlock_timedrdlock, rw_timed_fn)
REAL_DISPATCH(pthread_rwlock_timedwrlock, rw_timed_fn)
REAL_DISPATCH(pthread_rwlock_clockrdlock, rw_clock_fn)
REAL_DISPATCH(pthread_rwlock_clockwrlock, rw_clock_fn)
REAL_DISPATCH(pthread_rwlock_unlock, rw_fn)

/// The readers of a counted reader-writer lock among the runs' jobs: how many read it (a thread reading twice counts
/// twice), and the first `RW_NAMED` by kernel id and task (0: a free entry). One beyond those is counted, not named.
enum { RW_NAMED = 8 };
typedef struct {
    _Atomic int readers;
    _Atomic int tid[RW_NAMED];
    _Atomic uint64_t task[RW_NAMED];
} rw_state;
/// Per slot, made when a reader-writer lock is first counted there; kept for the process (a slot freed and used again
/// by another lock finds it cleared by `rwlock_counted`).
static _Atomic(rw_state *) rw_states[TABLE_SIZE];

/// A lock was counted at `slot`: it starts with no reader and no writer.
static void rwlock_counted(long slot) {
    if (slot < 0) return;
    atomic_fetch_add_explicit(&rwlocks_counted, 1, memory_order_relaxed);
    rw_state_clear(slot);
}

/// The slot's readers and writer (a reader-writer lock's or a concurrent queue's): none.
static void rw_state_clear(long slot) {
    atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    if (state == NULL) {
        rw_state *made = calloc(1, sizeof *made);
        if (made == NULL) return;
        if (!atomic_compare_exchange_strong(&rw_states[slot], &state, made)) free(made);
        return;
    }
    atomic_store_explicit(&state->readers, 0, memory_order_relaxed);
    for (int index = 0; index < RW_NAMED; index++) {
        atomic_store_explicit(&state->tid[index], 0, memory_order_relaxed);
        atomic_store_explicit(&state->task[index], 0, memory_order_relaxed);
    }
}

static uint64_t rwlock_first_reader(long slot) {
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    if (state == NULL) return 0;
    for (int index = 0; index < RW_NAMED; index++)
        if (atomic_load_explicit(&state->tid[index], memory_order_relaxed) != 0)
            return atomic_load_explicit(&state->task[index], memory_order_relaxed);
    return 0;
}

static void reader_in(long slot) {
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    if (state == NULL) return;
    atomic_fetch_add_explicit(&state->readers, 1, memory_order_relaxed);
    for (int index = 0; index < RW_NAMED; index++) {
        int free_entry = 0;
        if (atomic_compare_exchange_strong(&state->tid[index], &free_entry, my_tid())) {
            atomic_store_explicit(&state->task[index], lock_task, memory_order_relaxed);
            return;
        }
    }
}

/// A read unlock by the calling thread: one of its reads ends. Returns how many reads of the runs' jobs are left.
static int reader_out(long slot) {
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    if (state == NULL) return 0;
    int me = my_tid(), recorded = 0;
    for (int index = 0; index < RW_NAMED && !recorded; index++) {
        int mine = me;
        if (atomic_load_explicit(&state->tid[index], memory_order_relaxed) != me) continue;
        atomic_store_explicit(&state->task[index], 0, memory_order_relaxed);
        recorded = atomic_compare_exchange_strong(&state->tid[index], &mine, 0);
    }
    // Read on another thread by the same task (held across a suspension, which the C library leaves undefined).
    for (int index = 0; index < RW_NAMED && !recorded && lock_run != NULL && lock_task != 0; index++) {
        if (atomic_load_explicit(&state->task[index], memory_order_relaxed) != lock_task) continue;
        int theirs = atomic_load_explicit(&state->tid[index], memory_order_relaxed);
        atomic_store_explicit(&state->task[index], 0, memory_order_relaxed);
        recorded = theirs != 0 && atomic_compare_exchange_strong(&state->tid[index], &theirs, 0);
    }
    // A read taken outside any run's job was never counted: its unlock leaves the count alone. One past the named
    // entries is counted unnamed: a job's unlock that matched no entry ends one of those.
    int named = 0;
    for (int index = 0; index < RW_NAMED; index++)
        named += atomic_load_explicit(&state->tid[index], memory_order_relaxed) != 0;
    int left = atomic_load_explicit(&state->readers, memory_order_relaxed);
    if (!recorded && (lock_run == NULL || left <= named)) return left;
    while (left > 0 && !atomic_compare_exchange_weak(&state->readers, &left, left - 1)) {}
    return left > 0 ? left - 1 : 0;
}

/// The kernel id of a thread other than the caller that reads the lock in a run's job (0: none named), and whether
/// any job reads it (`some`: the caller, or a reader past the named ones, when none other is named).
static int other_reader(long slot, int *some) {
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    *some = 0;
    if (state == NULL) return 0;
    *some = atomic_load_explicit(&state->readers, memory_order_relaxed) > 0;
    int me = my_tid(), other = 0;
    for (int index = 0; index < RW_NAMED && other == 0; index++) {
        int tid = atomic_load_explicit(&state->tid[index], memory_order_relaxed);
        if (tid != me && tid != 0) other = tid;
    }
    return other;
}

int64_t harness_locks_rwlocks_counted(void) { return atomic_load_explicit(&rwlocks_counted, memory_order_relaxed); }
int64_t harness_locks_rwlocks_counted_static(void) {
    return atomic_load_explicit(&rwlocks_counted_static, memory_order_relaxed);
}
int harness_locks_is_counted_rwlock(const void *rwlock) { return find_kind_slot(rwlock, SLOT_RWLOCK) >= 0; }

int harness_locks_holders(const void *lock, uint64_t *tasks, int max) {
    long slot = find_slot(lock);
    if (slot < 0 || max <= 0) return 0;
    uint64_t writer = atomic_load_explicit(&slot_holder[slot], memory_order_relaxed);
    if (writer != 0 || !(atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & (SLOT_RWLOCK | SLOT_CONCURRENT))) {
        tasks[0] = writer;
        return writer != 0;
    }
    rw_state *state = atomic_load_explicit(&rw_states[slot], memory_order_acquire);
    int count = 0;
    for (int index = 0; state != NULL && index < RW_NAMED && count < max; index++) {
        if (atomic_load_explicit(&state->tid[index], memory_order_relaxed) == 0) continue;
        uint64_t task = atomic_load_explicit(&state->task[index], memory_order_relaxed);
        int seen = 0;
        for (int earlier = 0; earlier < count; earlier++) seen |= tasks[earlier] == task;
        if (!seen) tasks[count++] = task;
    }
    return count;
}

/// Whether the lock's kind is the default (readers preferred) and it is not shared between processes.
static int rwlock_countable(const pthread_rwlock_t *rwlock) {
    return rwlock->__data.__flags == PTHREAD_RWLOCK_PREFER_READER_NP && rwlock->__data.__shared == 0;
}

int pthread_rwlock_init(pthread_rwlock_t *rwlock, const pthread_rwlockattr_t *attributes) {
    int result = real_pthread_rwlock_init()(rwlock, attributes);
    if (result != 0 || classifying) return result;
    classifying = 1;
    pthread_once(&static_once, find_static_ranges);
    if (in_static_storage((uintptr_t)rwlock)) seen_at_init_table((uintptr_t)rwlock, 1);
    if (!sealed && rwlock_countable(rwlock) && made_by_code_under_test((void **)__builtin_frame_address(0))) {
        count_address(rwlock, SLOT_RWLOCK);
        rwlock_counted(find_slot(rwlock));
    } else {
        forget_mutex(rwlock);
    }
    classifying = 0;
    return result;
}

int pthread_rwlock_destroy(pthread_rwlock_t *rwlock) {
    forget_mutex(rwlock);
    return real_pthread_rwlock_destroy()(rwlock);
}

/// The slot of a counted reader-writer lock a job of a run is about to lock (counting a static one first met), or -1:
/// then the call is the library's alone.
static long rwlock_slot_in_job(pthread_rwlock_t *rwlock) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return -1;
    if (atomic_load_explicit(&lock_callbacks, memory_order_acquire) == NULL) return -1;
    long slot = find_kind_slot(rwlock, SLOT_RWLOCK);
    if (slot < 0 && rwlock_countable(rwlock)) slot = count_if_static(rwlock, SLOT_RWLOCK);
    return slot;
}

/// A lock call that is no choice point (`result`, the library's answer): in a run's job, outside the harness's own
/// calls, a counted lock taken is still recorded, so that a job that later wants it waits for it here, not in the library.
static int rwlock_plain(pthread_rwlock_t *rwlock, int write, int result) {
    if (result != 0 || __builtin_expect(lock_run == NULL, 1) || in_callback) return result;
    long slot = find_kind_slot(rwlock, SLOT_RWLOCK);
    if (slot >= 0) {
        if (write) atomic_store_explicit(&slot_holder[slot], lock_task, memory_order_relaxed);
        else reader_in(slot);
    }
    return result;
}

/// The run's callbacks, which a lock call in a job reads only once `rwlock_slot_in_job` found them set.
static const harness_lock_callbacks *rwlock_callbacks(void) {
    return atomic_load_explicit(&lock_callbacks, memory_order_acquire);
}

static void rwlock_taken(pthread_rwlock_t *rwlock, long slot, int write, int told) {
    if (write) atomic_store_explicit(&slot_holder[slot], lock_task, memory_order_relaxed);
    else reader_in(slot);
    lock_taken(lock_run, rwlock, rwlock_callbacks(), told);
}

/// The thread of a run's job that keeps `rwlock` from the caller, which wants to read it or (`write`) to write it: a
/// writer, or a reader another than the caller; else the caller itself if it reads what it wants to write (the library
/// would wait for ever: here the run sees the deadlock) or a reader past the named ones does (the job waits in the run
/// until the last reader's unlock). 0 if none is known (kept outside the runs: the library waits; or written by the
/// caller: the library answers `EDEADLK`).
static int rwlock_blocker(pthread_rwlock_t *rwlock, long slot, int write) {
    int writer = rwlock->__data.__cur_writer;
    if (writer != 0) return writer == my_tid() ? 0 : writer;
    if (!write) return 0;
    int some = 0, other = other_reader(slot, &some);
    return other != 0 ? other : some ? my_tid() : 0;
}

/// A read or (`write`) write lock in a job of a seeded run: a choice point, then the lock, waiting as a job does while
/// another job keeps it.
static int rwlock_lock(pthread_rwlock_t *rwlock, int write) {
    long slot = rwlock_slot_in_job(rwlock);
    if (slot < 0)
        return rwlock_plain(rwlock, write, write ? real_pthread_rwlock_wrlock()(rwlock) : real_pthread_rwlock_rdlock()(rwlock));
    int told = lock_point(lock_run, rwlock, rwlock_callbacks());
    while (1) {
        int result = write ? real_pthread_rwlock_trywrlock()(rwlock) : real_pthread_rwlock_tryrdlock()(rwlock);
        if (result == 0) {
            rwlock_taken(rwlock, slot, write, told);
            return 0;
        }
        int blocker = result == EBUSY ? rwlock_blocker(rwlock, slot, write) : 0;
        if (blocker == 0) break;
        in_callback = 1;
        int waited = rwlock_callbacks()->busy(lock_run, rwlock, blocker);
        in_callback = 0;
        told = 1;
        // Kept by a thread outside the run: waited for in the library, as a job that blocks does.
        if (!waited) break;
    }
    // The library's own answer (`EDEADLK` to a writer locking again, `EAGAIN` past the readers' limit), or its wait.
    int result = write ? real_pthread_rwlock_wrlock()(rwlock) : real_pthread_rwlock_rdlock()(rwlock);
    if (result == 0) rwlock_taken(rwlock, slot, write, 0);
    return result;
}

/// A try lock in a job of a seeded run: a choice point, then the library's answer, which never waits.
static int rwlock_try(pthread_rwlock_t *rwlock, int write) {
    long slot = rwlock_slot_in_job(rwlock);
    if (slot < 0)
        return rwlock_plain(rwlock, write,
                            write ? real_pthread_rwlock_trywrlock()(rwlock) : real_pthread_rwlock_tryrdlock()(rwlock));
    int told = lock_point(lock_run, rwlock, rwlock_callbacks());
    int result = write ? real_pthread_rwlock_trywrlock()(rwlock) : real_pthread_rwlock_tryrdlock()(rwlock);
    if (result == 0) rwlock_taken(rwlock, slot, write, told);
    return result;
}

/// A timed lock in a job of a seeded run: a choice point, then the lock if it is free; kept by another job it times out
/// at once. Elsewhere, or kept by a thread outside the runs, the library's (`timed`) call.
static int rwlock_timed(pthread_rwlock_t *rwlock, int write, const struct timespec *deadline,
                        int (*timed)(pthread_rwlock_t *, void *), void *context) {
    long slot = rwlock_slot_in_job(rwlock);
    if (slot < 0) return rwlock_plain(rwlock, write, timed(rwlock, context));
    int told = lock_point(lock_run, rwlock, rwlock_callbacks());
    int result = write ? real_pthread_rwlock_trywrlock()(rwlock) : real_pthread_rwlock_tryrdlock()(rwlock);
    if (result == 0) {
        rwlock_taken(rwlock, slot, write, told);
        return 0;
    }
    if (result == EBUSY && rwlock_blocker(rwlock, slot, write) != 0)
        return deadline == NULL || deadline->tv_nsec < 0 || deadline->tv_nsec >= 1000000000 ? EINVAL : ETIMEDOUT;
    result = timed(rwlock, context);
    if (result == 0) rwlock_taken(rwlock, slot, write, 0);
    return result;
}

int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock) { return rwlock_lock(rwlock, 0); }
int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock) { return rwlock_lock(rwlock, 1); }
int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock) { return rwlock_try(rwlock, 0); }
int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock) { return rwlock_try(rwlock, 1); }

typedef struct {
    const struct timespec *deadline;
    clockid_t clock;
} rw_deadline;

static int timed_rd(pthread_rwlock_t *rwlock, void *context) {
    return real_pthread_rwlock_timedrdlock()(rwlock, ((rw_deadline *)context)->deadline);
}
static int timed_wr(pthread_rwlock_t *rwlock, void *context) {
    return real_pthread_rwlock_timedwrlock()(rwlock, ((rw_deadline *)context)->deadline);
}
static int clock_rd(pthread_rwlock_t *rwlock, void *context) {
    rw_deadline *at = context;
    return real_pthread_rwlock_clockrdlock()(rwlock, at->clock, at->deadline);
}
static int clock_wr(pthread_rwlock_t *rwlock, void *context) {
    rw_deadline *at = context;
    return real_pthread_rwlock_clockwrlock()(rwlock, at->clock, at->deadline);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *rwlock, const struct timespec *deadline) {
    rw_deadline at = {deadline, CLOCK_REALTIME};
    return rwlock_timed(rwlock, 0, deadline, timed_rd, &at);
}
int pthread_rwlock_timedwrlock(pthread_rwlock_t *rwlock, const struct timespec *deadline) {
    rw_deadline at = {deadline, CLOCK_REALTIME};
    return rwlock_timed(rwlock, 1, deadline, timed_wr, &at);
}
int pthread_rwlock_clockrdlock(pthread_rwlock_t *rwlock, clockid_t clock, const struct timespec *deadline) {
    rw_deadline at = {deadline, clock};
    return rwlock_timed(rwlock, 0, deadline, clock_rd, &at);
}
int pthread_rwlock_clockwrlock(pthread_rwlock_t *rwlock, clockid_t clock, const struct timespec *deadline) {
    rw_deadline at = {deadline, clock};
    return rwlock_timed(rwlock, 1, deadline, clock_wr, &at);
}

int pthread_rwlock_unlock(pthread_rwlock_t *rwlock) {
    long slot = find_kind_slot(rwlock, SLOT_RWLOCK);
    if (__builtin_expect(slot < 0, 1)) return real_pthread_rwlock_unlock()(rwlock);
    // The library's own rule: the writer's unlock ends the write, anyone else's a read.
    int write = rwlock->__data.__cur_writer == my_tid();
    int result = real_pthread_rwlock_unlock()(rwlock);
    if (result != 0) return result;
    int free_now = 1;
    if (write) atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
    else free_now = reader_out(slot) == 0;
    // A job waits only for a writer, or (to write) for every reader: the lock is free of the runs' jobs now.
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (free_now && lock_run != NULL && !in_callback && set != NULL
        && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_WAITED)) {
        in_callback = 1;
        set->released(lock_run, rwlock);
        in_callback = 0;
    }
    return result;
}

// MARK: Concurrent queues of the code under test

// A concurrent queue with reads in `queue.sync { … }` and writes in barriers (`queue.async(flags: .barrier)`,
// `queue.sync(flags: .barrier)`) is Swift's usual reader-writer lock. Counted where made, as serial queues are (a
// concurrent attribute, or one derived from it). In a job of a seeded run, the entry of a `sync` on one is a choice
// point and a read: it waits only while another job is inside a barrier `sync` on it; a barrier `sync` waits while any
// other job reads it or is inside a barrier. The readers and the barrier's holder are kept as a reader-writer lock's
// (`rw_state`, `slot_holder_tid`). The submission of an `async` block (barrier or not) is a choice point at its entry:
// the interleaving that loses a write is "A reads, B reads, A sends its write, B sends its write". Async blocks
// themselves run on Dispatch threads as the run's outside work: libdispatch orders them against the syncs (a barrier
// waits for blocks sent before it; a sync sent after a barrier waits for it), and the real call waits for them.

/// The rest of `harness_locks_queue_enter` for a concurrent queue, past its choice point (`told`: the run had a choice).
static long concurrent_queue_enter(void *queue, long slot, int barrier, const harness_lock_callbacks *set, int told) {
    void *run = lock_run;
    int me = my_tid();
    while (1) {
        int writer = atomic_load_explicit(&slot_holder_tid[slot], memory_order_acquire), blocker = writer;
        // Inside its own barrier block: the library's answer (its trap, or its wait for ever).
        if (writer == me) return -1;
        if (writer == 0 && barrier) {
            int some = 0, other = other_reader(slot, &some);
            blocker = other != 0 ? other : some ? me : 0;
        }
        if (blocker == 0) {
            if (!barrier) {
                reader_in(slot);
                break;
            }
            int none = 0;
            if (atomic_compare_exchange_strong(&slot_holder_tid[slot], &none, me)) {
                atomic_store_explicit(&slot_holder[slot], lock_task, memory_order_relaxed);
                break;
            }
            continue;
        }
        in_callback = 1;
        int waited = set->busy(run, queue, blocker);
        in_callback = 0;
        told = 1;
        // Kept by a thread outside the run (another run's job): waited for in the library, and not recorded.
        if (!waited) return -1;
    }
    lock_taken(run, queue, set, told);
    return slot;
}

static void concurrent_queue_leave(void *queue, long slot) {
    int free_now = 1;
    if (atomic_load_explicit(&slot_holder_tid[slot], memory_order_relaxed) == my_tid()) {
        atomic_store_explicit(&slot_holder[slot], 0, memory_order_relaxed);
        atomic_store_explicit(&slot_holder_tid[slot], 0, memory_order_release);
    } else {
        free_now = reader_out(slot) == 0;
    }
    // A reader waits only for a barrier, a barrier for every reader: free of the runs' jobs now.
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (free_now && lock_run != NULL && set != NULL
        && (atomic_load_explicit(&slot_flags[slot], memory_order_relaxed) & SLOT_WAITED)) {
        in_callback = 1;
        set->released(lock_run, queue);
        in_callback = 0;
    }
}

__attribute__((visibility("hidden"))) void harness_locks_queue_submit(void *queue) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return;
    if (find_kind_slot(queue, SLOT_CONCURRENT) < 0) return;
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set == NULL) return;
    lock_point(lock_run, queue, set);
}

// MARK: Dispatch semaphores

// `DispatchSemaphore(value: 1)` around a section is how much Swift code makes a lock of Dispatch: wait, check, signal;
// wait, act, signal. In a job of a seeded run, a wait that cannot take the semaphore at once does not block its worker
// while another job of the run could go on (a ready or paused job, a timer): the job waits in the run
// (`semaphore_busy`), the run taking the semaphore for it once it can (its signal may come from a job of the run, from
// the run's outside work or from a thread the run never knew), or ending the wait when the run's clock passes its
// deadline. Only when nothing else of the run can move does it wait in the library, as every wait did before: a thread
// outside the run may yet signal it. A semaphore made with a count of one or more (a lock, or a pool of permits) by the
// code under test (decided where it is made, as serial queues are) is a choice point at the entry of each wait, as a
// lock is: so its check-then-act is explored. One made with 0 is a hand-off (signal, then wait): no choice point.

typedef void *(*semaphore_create_t)(long value);
typedef long (*semaphore_wait_t)(void *semaphore, uint64_t timeout);
REAL_DISPATCH(dispatch_semaphore_create, semaphore_create_t)
REAL_DISPATCH(dispatch_semaphore_wait, semaphore_wait_t)

static _Atomic int64_t semaphores_counted = 0;
int64_t harness_locks_semaphores_counted(void) { return atomic_load_explicit(&semaphores_counted, memory_order_relaxed); }
int harness_locks_is_counted_semaphore(const void *semaphore) { return find_kind_slot(semaphore, SLOT_SEMAPHORE) >= 0; }

long harness_semaphore_try(void *semaphore) { return real_dispatch_semaphore_wait()(semaphore, 0); }

/// Whether the semaphore being made now is the code under test's: past Dispatch's Swift overlay, the first frame is the
/// program's. `frame`: `dispatch_semaphore_create`'s own. By frame pointers: the unwinder stops at the overlay's
/// `DispatchSemaphore.init`, which keeps one.
static int semaphore_made_by_code_under_test(void **frame) {
    pthread_once(&toolchain_once, find_toolchain);
    for (int depth = 0; depth < 6 && frame != NULL; depth++) {
        Dl_info info;
        if (!dladdr(frame[1], &info) || info.dli_fname == NULL) return 0;
        const char *slash = strrchr(info.dli_fname, '/');
        if (slash == NULL || strcmp(slash + 1, "libswiftDispatch.so") != 0) return frame_verdict(frame[1]) == FRAME_PROGRAM;
        frame = caller_frame(frame);
    }
    return 0;
}

void *dispatch_semaphore_create(long value) {
    void *semaphore = real_dispatch_semaphore_create()(value);
    if (semaphore == NULL || classifying) return semaphore;
    classifying = 1;
    if (!sealed && value >= 1 && semaphore_made_by_code_under_test((void **)__builtin_frame_address(0))) {
        count_address(semaphore, SLOT_SEMAPHORE);
        atomic_fetch_add_explicit(&semaphores_counted, 1, memory_order_relaxed);
    } else {
        forget_mutex(semaphore);
    }
    classifying = 0;
    return semaphore;
}

__attribute__((visibility("hidden"))) int harness_locks_semaphore_wait(void *semaphore, uint64_t timeout, int64_t delay,
                                                                      long *result) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return 0;
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set == NULL || set->semaphore_busy == NULL) return 0;
    void *run = lock_run;
    int told = find_kind_slot(semaphore, SLOT_SEMAPHORE) >= 0 && lock_point(run, semaphore, set);
    *result = real_dispatch_semaphore_wait()(semaphore, 0);
    // Taken, or a wait that was only a look (`DISPATCH_TIME_NOW`, or a deadline already past).
    if (*result != 0 && timeout != 0 && delay != 0) {
        // A deadline on a clock the run does not keep (Dispatch's continuous one): the library's wait, as before.
        if (delay < -1) return 0;
        in_callback = 1;
        int answer = set->semaphore_busy(run, semaphore, delay);
        in_callback = 0;
        if (answer == 0) return 0;
        told = 1;
        // Its time ran out: the library's answer to a look now (a signal at that very moment still counts).
        *result = answer == 1 ? 0 : real_dispatch_semaphore_wait()(semaphore, 0);
    }
    if (*result == 0) lock_taken(run, semaphore, set, told);
    return 1;
}

// MARK: Condition variables

// `NSCondition` (and a `pthread_cond_t` the code uses with a mutex of its own) is how Swift code hands work from one
// thread to another: the consumer locks, waits while there is nothing, takes; the producer locks, adds, signals. In a
// job of a seeded run, a wait whose mutex is counted does not block its worker while another job of the run could go
// on: it releases the mutex as an unlock in the job does (its waiters ready), waits in the run until a signal or
// broadcast of the condition is owed to it (from a job of the run, its outside work, or any thread) or its deadline
// passes on the run's clock, then takes the mutex again as a lock in the job does (a choice point). Only when nothing
// else of the run can move does it wait in the library, as every wait did before. Signals are counted here, per
// condition, only while a job waits on it in the run: a signal with nobody waiting is lost, a broadcast owes one to
// every waiter. The run grants owed signals at its picks (`harness_cond_take`): no spurious wake-up, the same schedule
// for the same seed.

/// Conditions a job waits on in the run: the address (0 empty), how many wait, how many signals are owed to them (never
/// more than wait). Few at once: a full table sends the wait to the library, as before.
enum { COND_SLOTS = 64 };
static _Atomic uintptr_t cond_address[COND_SLOTS];
static int cond_waiting[COND_SLOTS], cond_owed[COND_SLOTS];
/// Guards the table: a spin, as the harness's own locks must not be choice points and the sections are a few loads.
static _Atomic int cond_guard = 0;
static _Atomic int cond_in_use = 0;

static void cond_enter(void) {
    int expected = 0;
    while (!atomic_compare_exchange_weak_explicit(&cond_guard, &expected, 1, memory_order_acquire, memory_order_relaxed))
        expected = 0;
}
static void cond_leave(void) { atomic_store_explicit(&cond_guard, 0, memory_order_release); }

/// The slot of `condition` (guarded), adding it if `add`; -1 if absent (or the table is full).
static int cond_slot(const void *condition, int add) {
    int free_slot = -1;
    for (int slot = 0; slot < COND_SLOTS; slot++) {
        uintptr_t held = atomic_load_explicit(&cond_address[slot], memory_order_relaxed);
        if (held == (uintptr_t)condition) return slot;
        if (held == 0 && free_slot < 0) free_slot = slot;
    }
    if (!add || free_slot < 0) return -1;
    atomic_store_explicit(&cond_address[free_slot], (uintptr_t)condition, memory_order_relaxed);
    cond_waiting[free_slot] = cond_owed[free_slot] = 0;
    atomic_fetch_add_explicit(&cond_in_use, 1, memory_order_relaxed);
    return free_slot;
}

/// One waiter fewer on `slot` (guarded); the slot is freed with its last.
static void cond_one_fewer(int slot) {
    if (--cond_waiting[slot] > 0) return;
    atomic_store_explicit(&cond_address[slot], 0, memory_order_relaxed);
    atomic_fetch_sub_explicit(&cond_in_use, 1, memory_order_relaxed);
}

/// A signal (`all` 0) or broadcast of `condition` from any thread: owed to a job waiting on it in the run, if any.
__attribute__((visibility("hidden"))) void harness_locks_cond_signal(const void *condition, int all) {
    if (__builtin_expect(atomic_load_explicit(&cond_in_use, memory_order_relaxed) == 0, 1)) return;
    cond_enter();
    int slot = cond_slot(condition, 0);
    if (slot >= 0) cond_owed[slot] = all ? cond_waiting[slot] : cond_owed[slot] + (cond_owed[slot] < cond_waiting[slot]);
    cond_leave();
}

int harness_cond_take(const void *condition) {
    cond_enter();
    int slot = cond_slot(condition, 0), taken = slot >= 0 && cond_owed[slot] > 0;
    if (taken) {
        cond_owed[slot]--;
        cond_one_fewer(slot);
    }
    cond_leave();
    return taken;
}

/// The job waits no more in the run (its time ran out, or it goes to the library): 1 if a signal is owed to every waiter
/// left, so to it too (it takes one), else 0.
static int cond_stop_waiting(const void *condition) {
    cond_enter();
    int slot = cond_slot(condition, 0), owed = slot >= 0 && cond_owed[slot] >= cond_waiting[slot];
    if (slot >= 0) {
        if (owed) cond_owed[slot]--;
        cond_one_fewer(slot);
    }
    cond_leave();
    return owed;
}

__attribute__((visibility("hidden"))) int harness_locks_cond_wait(pthread_cond_t *condition, pthread_mutex_t *mutex,
                                                                  int64_t delay, int *result) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return 0;
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set == NULL || set->wait_in_run == NULL || delay < -1 || find_mutex_slot(mutex) < 0) return 0;
    // Held by this thread, once: a recursive hold would stay held across the wait.
    if (holder_of(mutex) != my_tid() || mutex->__data.__count > 1) return 0;
    if (delay == 0) {
        *result = ETIMEDOUT;
        return 1;
    }
    cond_enter();
    int slot = cond_slot(condition, 1);
    if (slot >= 0) cond_waiting[slot]++;
    cond_leave();
    if (slot < 0) return 0;
    void *run = lock_run;
    pthread_mutex_unlock(mutex);
    in_callback = 1;
    int answer = set->wait_in_run(run, condition, delay, 1);
    in_callback = 0;
    pthread_mutex_lock(mutex);
    // Signalled in the run; or, stopping, owed a signal all the same (one that came as its time ran out).
    if (answer == 1 || cond_stop_waiting(condition)) {
        *result = 0;
        return 1;
    }
    if (answer == 2) {
        *result = ETIMEDOUT;
        return 1;
    }
    // Nothing else of the run can move: the library's wait, as before, with the mutex held again (a thread outside the
    // run that signals it holds the mutex to do so, so it finds the job waiting).
    return 0;
}

// MARK: Dispatch groups

// `group.wait()` in a job waits for work the group's `enter`s promised: a `leave` from another job of the run, from the
// run's outside work (a block sent with `group:`) or from any thread. As a semaphore's wait, it waits in the run while
// another job of the run could go on, the run looking at the group before each pick; in the library only when nothing
// else of the run can move. No choice point: a group guards no section.

REAL_DISPATCH(dispatch_group_wait, semaphore_wait_t)

long harness_group_try(void *group) { return real_dispatch_group_wait()(group, 0); }

__attribute__((visibility("hidden"))) int harness_locks_group_wait(void *group, uint64_t timeout, int64_t delay,
                                                                   long *result) {
    if (__builtin_expect(lock_run == NULL, 1) || in_callback || in_hop) return 0;
    const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
    if (set == NULL || set->wait_in_run == NULL) return 0;
    *result = real_dispatch_group_wait()(group, 0);
    // Empty, or a wait that was only a look.
    if (*result == 0 || timeout == 0 || delay == 0) return 1;
    if (delay < -1) return 0;
    in_callback = 1;
    int answer = set->wait_in_run(lock_run, group, delay, 2);
    in_callback = 0;
    if (answer == 0) return 0;
    // Its time ran out: the library's answer to a look now (a leave at that very moment still counts).
    *result = answer == 1 ? 0 : real_dispatch_group_wait()(group, 0);
    return 1;
}

// MARK: A contended Synchronization.Mutex

uint32_t harness_mutex_word(const void *word) {
    return atomic_load_explicit((_Atomic uint32_t *)word, memory_order_acquire);
}

/// The futex word's bits that name the holder (the rest: "waiters", "owner died").
enum { MUTEX_HOLDER_BITS = 0x3fffffff };

int harness_mutex_holder(const void *word) { return (int)(harness_mutex_word(word) & MUTEX_HOLDER_BITS); }

/// `_MutexHandle._lockSlow(_ selfId: UInt32)` of libswiftSynchronization: Swift's calling convention, `self` (the
/// handle, whose first four bytes are the lock word: 0 free, else the holder's kernel id) in the self register (`swift_context` is what clang calls it).
#define MUTEX_LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
typedef __attribute__((swiftcall)) void (*lock_slow_fn)(uint32_t self_id, void *__attribute__((swift_context)) handle);
__attribute__((swiftcall)) void harness_mutex_lock_slow(uint32_t self_id, void *__attribute__((swift_context)) handle)
    __asm__(MUTEX_LOCK_SLOW);

static _Atomic(lock_slow_fn) real_lock_slow_p = NULL;
static lock_slow_fn real_lock_slow(void) {
    lock_slow_fn found = atomic_load_explicit(&real_lock_slow_p, memory_order_acquire);
    if (found == NULL) {
        found = (lock_slow_fn)library(MUTEX_LOCK_SLOW);
        atomic_store_explicit(&real_lock_slow_p, found, memory_order_release);
    }
    return found;
}

/// Kernel ids of the threads `harness_worker_end` ended, in a ring.
enum { ENDED_RING = 1024 };
static _Atomic int ended_tids[ENDED_RING];
static _Atomic uint64_t ended_count = 0;

/// Whether `tid` is a thread `harness_worker_end` ended, and no thread has that id now.
static int ended_here(int tid) {
    uint64_t count = atomic_load_explicit(&ended_count, memory_order_acquire);
    if (count == 0 || tid == 0) return 0;
    for (uint64_t index = 0; index < count && index < ENDED_RING; index++) {
        if (atomic_load_explicit(&ended_tids[index], memory_order_relaxed) != tid) continue;
        return syscall(SYS_tgkill, getpid(), tid, 0) == -1 && errno == ESRCH;
    }
    return 0;
}

__attribute__((swiftcall)) void harness_mutex_lock_slow(uint32_t self_id, void *__attribute__((swift_context)) handle) {
    if (__builtin_expect(lock_run != NULL, 0) && !in_callback && !in_hop) {
        const harness_lock_callbacks *set = atomic_load_explicit(&lock_callbacks, memory_order_acquire);
        _Atomic uint32_t *word = (_Atomic uint32_t *)handle;
        int told = 0;
        while (set != NULL && set->mutex_busy != NULL) {
            uint32_t seen = 0;
            if (atomic_compare_exchange_strong_explicit(word, &seen, self_id, memory_order_acquire, memory_order_relaxed)) {
                if (told) {
                    in_callback = 1;
                    set->taken(lock_run, handle);
                    in_callback = 0;
                }
                return;
            }
            int holder = (int)(seen & MUTEX_HOLDER_BITS);
            // Held by this thread (the library's fatal error says so), or in a state only the kernel sorts out.
            if (holder == 0 || holder == my_tid()) break;
            in_callback = 1;
            int waited = set->mutex_busy(lock_run, handle, holder);
            in_callback = 0;
            told = 1;
            // Held by a thread outside the run: wait for it in the kernel, as a job that blocks does.
            if (!waited) break;
        }
    }
    // Held by a parked worker whose thread ended with its run (`harness_worker_end`): the kernel would answer the
    // library "no such owner" and the library would end the process. It waits for ever instead, as it did while that
    // worker was parked.
    if (ended_here(harness_mutex_holder(handle))) {
        while (1) pause();
    }
    real_lock_slow()(self_id, handle);
}

// MARK: Workers and the baton

/// The worker object of the calling thread (the harness's, unretained), or NULL.
static __thread void *current_worker = NULL;
void harness_worker_set(void *worker) { current_worker = worker; }
void *harness_worker_get(void) { return current_worker; }

/// This file's part of `harness_thread_state` (ThreadState.c): with `reset`, each piece is put back first.
__attribute__((visibility("hidden"))) uint32_t harness_locks_thread_state(int reset) {
    if (reset) {
        current_worker = NULL;
        lock_run = NULL;
        lock_others = NULL;
        lock_task = 0;
        in_hop = 0;
        in_callback = 0;
        sealed = 0;
        classifying = 0;
    }
    uint32_t state = current_worker != NULL ? HARNESS_THREAD_WORKER : 0;
    if (lock_run != NULL || lock_others != NULL || lock_task != 0 || in_hop || in_callback || sealed || classifying)
        state |= HARNESS_THREAD_LOCKS;
    return state;
}

struct harness_baton {
    _Atomic uint32_t word;
    char pad[60];
};

harness_baton *harness_baton_make(void) {
    harness_baton *baton = aligned_alloc(64, sizeof(harness_baton));
    if (baton != NULL) atomic_init(&baton->word, 0);
    return baton;
}

void harness_baton_wait(harness_baton *baton) {
    while (1) {
        uint32_t expected = 1;
        if (atomic_compare_exchange_strong(&baton->word, &expected, 0)) return;
        syscall(SYS_futex, &baton->word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    }
}

void harness_baton_post(harness_baton *baton) {
    atomic_store(&baton->word, 1);
    syscall(SYS_futex, &baton->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

typedef struct {
    void (*body)(void *);
    void *context;
} worker_start;

/// Whether `harness_worker_start` made the calling thread.
static __thread int made_here = 0;

static void *worker_main(void *pointer) {
    worker_start start = *(worker_start *)pointer;
    free(pointer);
    made_here = 1;
    start.body(start.context);
    return NULL;
}

void harness_worker_end(void) {
    if (!made_here) return;
    uint64_t slot = atomic_fetch_add_explicit(&ended_count, 1, memory_order_acq_rel) % ENDED_RING;
    atomic_store_explicit(&ended_tids[slot], my_tid(), memory_order_release);
    // The thread's own exit, not the process's (`exit_group`), and not `pthread_exit`: that would unwind through the
    // frames of the job it ran and run thread-local destructors (libdispatch's trap a thread that ends inside a
    // `sync` block). The C library never learns the thread ended, so it never frees or reuses its stack: a pointer
    // into that stack still held elsewhere stays valid memory. The kernel clears the thread id (CLONE_CHILD_CLEARTID).
    while (1) syscall(SYS_exit, 0);
}

int harness_worker_start(void (*body)(void *), void *context) {
    static _Atomic(create_fn) real_create = NULL;
    create_fn create = atomic_load_explicit(&real_create, memory_order_acquire);
    if (create == NULL) {
        create = (create_fn)library("pthread_create");
        atomic_store_explicit(&real_create, create, memory_order_release);
    }
    worker_start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    *start = (worker_start){body, context};
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 8 << 20);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    // The C library's own: a worker is the run's thread, not work the run hands out (OutsideWork.c).
    int result = create(&thread, &attributes, worker_main, start);
    pthread_attr_destroy(&attributes);
    if (result != 0) free(start);
    return result;
}

#else

void harness_locks_seal(int on) { (void)on; }
int64_t harness_locks_counted(void) { return 0; }
int64_t harness_locks_counted_static(void) { return 0; }
int harness_locks_is_counted(const void *mutex) { (void)mutex; return 0; }
void harness_locks_set_callbacks(const harness_lock_callbacks *set) { (void)set; }
void harness_locks_job_begin(void *run, const int *others, uint64_t task) { (void)run; (void)others; (void)task; }
void harness_locks_mark_waiting(const void *mutex, int on) { (void)mutex; (void)on; }
void harness_locks_in_hop(void) {}
uint64_t harness_locks_holder(const void *mutex) { (void)mutex; return 0; }
void harness_locks_job_end(void) {}
void *harness_locks_job_run(void) { return 0; }
uint32_t harness_mutex_word(const void *word) { (void)word; return 0; }
int harness_mutex_holder(const void *word) { (void)word; return 0; }
int64_t harness_locks_points(void) { return 0; }
int64_t harness_locks_queues_counted(void) { return 0; }
int harness_locks_is_counted_queue(const void *queue) { (void)queue; return 0; }
int64_t harness_locks_rwlocks_counted(void) { return 0; }
int64_t harness_locks_rwlocks_counted_static(void) { return 0; }
int64_t harness_locks_semaphores_counted(void) { return 0; }
int harness_locks_is_counted_semaphore(const void *semaphore) { (void)semaphore; return 0; }
long harness_semaphore_try(void *semaphore) { (void)semaphore; return -1; }
int harness_cond_take(const void *condition) { (void)condition; return 0; }
long harness_group_try(void *group) { (void)group; return -1; }
int harness_locks_is_counted_rwlock(const void *rwlock) { (void)rwlock; return 0; }
int harness_locks_holders(const void *lock, uint64_t *tasks, int max) { (void)lock; (void)tasks; (void)max; return 0; }
harness_baton *harness_baton_make(void) { return 0; }
void harness_baton_wait(harness_baton *baton) { (void)baton; }
void harness_baton_post(harness_baton *baton) { (void)baton; }
int harness_worker_start(void (*body)(void *), void *context) { (void)body; (void)context; return -1; }
void harness_worker_set(void *worker) { (void)worker; }
void harness_worker_end(void) {}
void *harness_worker_get(void) { return 0; }
__attribute__((visibility("hidden"))) uint32_t harness_locks_thread_state(int reset) { (void)reset; return 0; }

#endif
