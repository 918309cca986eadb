/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: JIT: shader programs as native code
 *
 * The JIT compiles a validated program (program.c) into one native function
 * per program that runs a whole 32-lane wave (jit_emit.c says how); the
 * interpreter (wave.c) stays as the reference and the fallback: for a
 * program the JIT could not compile, at a pc the native code has no entry
 * for, and whenever the device's shader_jit option is off.
 *
 * Why LLVM (19, Debian's llvm-19-dev, ORC LLJIT through the C API): it
 * gives SIMD code generation for whole-wave vectors (<32 x i32> becomes
 * four AVX2 operations, or eight SSE2 ones on a baseline host), register
 * allocation across instructions, and optimisation of the straight-line
 * code between handler calls, from a library every distribution ships and
 * maintains (lavapipe uses it the same way). libasmjit-dev and
 * libxbyak-dev (both in bookworm) are C++ assemblers: the register
 * allocation, instruction selection and the baseline/AVX2 split would be
 * ours to write, and the device is C. libgccjit-12-dev runs GCC's whole
 * pipeline per compile and, to load the result, writes a shared object
 * to disk and dlopens it.
 *
 * Session: one LLJIT per process, created at the first compile, for the
 * host's CPU (AVX2 and FMA where present) or for baseline x86-64 when
 * EMBER_SHADER_GENERIC is set, like the interpreter's handler builds.
 * A module is verified, optimised and turned into an object file here
 * (generate_object()), then the object is linked into the LLJIT under
 * the program's own resource tracker, so sc_jit_release() frees exactly
 * its code when the program cache drops the program. Compiles take the
 * session lock: the compiler thread and a synchronous compile (tests,
 * benchmarks) may overlap.
 *
 * Failures: whatever LLVM reports as an error (verifier, passes, code
 * generation, linking) leaves the program on the interpreter. LLVM's
 * fatal errors do not return: see fatal_error() for the net under code
 * generation, the one step that can hit them.
 *
 * Background compiles (ember-gpu's default): a program's first dispatch
 * queues it for one compiler thread, started with the first queued
 * program, and the interpreter runs its dispatches until the thread
 * publishes prog->jit (an atomic store the next dispatch's load sees). A
 * dispatch never waits for the JIT. Releasing a program takes it off the
 * queue, waits while the thread still reads it (the translation to IR, a
 * few milliseconds), and leaves code generation under way to drop its
 * result: the engine never waits for LLVM. The thread runs at the lowest
 * priority, behind the shader cores.
 *
 * Exit: the compiler thread must be out of LLVM before exit() runs
 * LLVM's static destructors, or a compile under way uses freed objects.
 * An atexit() handler (stop_compiler()) cannot ensure that alone: LLVM
 * registers the destructors of its function-local statics when a compile
 * first reaches them (SDNode::getValueTypeList()'s type sets, the target
 * library info's tables, ...), after the handler, and exit() runs
 * them first. That was the "LLVM ERROR: Do not know how to promote this
 * operator!" of jit-exit-while-compiling's child (the same run also died
 * of "Invalid size request on a scalable vector" and of SIGSEGV: LLVM
 * reading freed type lists; llc-19 compiles the dumped module cleanly).
 * So the device's teardown, which releases its programs, then waits in
 * sc_jit_quiesce() until the thread is idle, before the process exits;
 * the atexit() handler stays for processes that exit without one
 * (queued programs are dropped, the thread joined).
 *
 * Cost: the module is optimised with LLVM's O2 pipeline and generated at
 * the default code generation level; sc_jit_compile_ns() counts the time
 * (./ember bench, which compiles in sync mode, prints it per kernel).
 * EMBER_SHADER_JIT_DUMP=DIR writes each optimised module to DIR (see
 * dump_module()) to read what LLVM made of a kernel.
 *
 * Target: the host's CPU and features, plus "fast-gather" where AVX2 is
 * there (with_gathers()): without it LLVM lowers the whole-wave gathers of
 * shared and global loads to a tested scalar load per lane on AMD CPUs up
 * to Zen 3 (this machine), which made SGEMM's code 1.6 times as long and
 * its compile slower.
 * Measured (perf, the shader tests): 90% of it is LLVM's code generation,
 * mostly SelectionDAG instruction selection of the 32-lane vector code;
 * about 1 ms of CPU per instruction on the development machine, so a
 * 300-instruction kernel's code is ready some 0.3 s after its first
 * dispatch. The O1 code generation level and lighter IR pipelines
 * measured the same.
 */

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "jit.h"
#include "log.h"

#define PASSES		"default<O2>"
#define FEATURES_MAX	4096
/*
 * Compile time grows with the code (about 1 ms of CPU per instruction
 * here, see below): larger programs stay on the interpreter, so that no
 * compile holds the thread (or a synchronous dispatch) much more than a
 * second.
 */
#define MAX_INSNS	1024

struct sc_jit_code {
	LLVMOrcResourceTrackerRef tracker;
};

static struct {
	pthread_mutex_t lock;
	bool started, broken;
	LLVMOrcLLJITRef jit;
	/** @tm: the optimisation passes' view of the target. */
	LLVMTargetMachineRef tm;
	/** @gathers: the target has AVX2's gathers (not EMBER_SHADER_GENERIC). */
	bool gathers;
	/** @helpers: the global access helpers' addresses (access_helper()). */
	uint64_t helpers[SC_JIT_ACCESS_HELPERS];
	bool helper_failed[SC_JIT_ACCESS_HELPERS];
	uint64_t programs;
	uint64_t compile_ns;
} session = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The compiler thread's queue, linked through prog->jit_next. */
static struct {
	pthread_mutex_t lock;
	/** @cond: a program queued, or a compile finished. */
	pthread_cond_t cond;
	bool thread_started;
	/**
	 * @stopping: the process exits (stop_compiler()): nothing more is
	 * queued, the thread ends after its current compile.
	 */
	bool stopping;
	pthread_t thread;
	struct sc_program *head, *tail;
	/** @busy: the program the thread is translating (reading), or NULL. */
	struct sc_program *busy;
	/**
	 * @finishing: the program whose module LLVM is turning into code
	 * (no longer read); @abandoned: released meanwhile, drop the code.
	 */
	struct sc_program *finishing;
	bool abandoned;
} queue = { .lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER };

/*
 * Code generation without the machine and post-RA instruction schedulers:
 * superlinear in a block's size, they were two thirds of the compile time
 * of the corpus's largest kernels (llc -time-passes), and an out-of-order
 * x86 core reorders by itself.
 */
static const char *const codegen_options[] = {
	"ember-gpu", "-enable-misched=false", "-post-RA-scheduler=false",
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Log and free @err; true if there was one. */
static bool failed(LLVMErrorRef err, const char *what)
{
	char *msg;

	if (!err)
		return false;
	msg = LLVMGetErrorMessage(err);
	ember_error("shader_jit_error step=%s error=\"%s\"", what, msg);
	LLVMDisposeErrorMessage(msg);
	return true;
}

/*
 * @features plus "+fast-gather" where AVX2 is there, in @buf. LLVM
 * generates vpgatherdd only for CPUs it tunes as fast gatherers (Intel's
 * since Skylake); on the others (AMD's up to Zen 3: this machine) each of
 * the shared-memory and global loads' masked gathers became 32 tested
 * scalar loads with a branch per lane. The interpreter's measured choice
 * (exec_fast.c) is vpgatherdd too.
 */
static const char *with_gathers(const char *features, char *buf)
{
	if (!strstr(features, "+avx2") ||
	    snprintf(buf, FEATURES_MAX, "%s,+fast-gather", features) >= FEATURES_MAX)
		return features;
	return buf;
}

/* A target machine for this host, or baseline x86-64 (EMBER_SHADER_GENERIC). */
static LLVMTargetMachineRef host_machine(bool *gathers)
{
	bool generic = getenv("EMBER_SHADER_GENERIC") != NULL;
	char *triple = LLVMGetDefaultTargetTriple();
	char *cpu = generic ? NULL : LLVMGetHostCPUName();
	char *features = generic ? NULL : LLVMGetHostCPUFeatures();
	static char tuned[FEATURES_MAX];
	LLVMTargetMachineRef tm = NULL;
	LLVMTargetRef target;
	char *err = NULL;

	if (LLVMGetTargetFromTriple(triple, &target, &err)) {
		ember_error("shader_jit_error step=target error=\"%s\"", err);
		LLVMDisposeMessage(err);
	} else {
		tm = LLVMCreateTargetMachine(target, triple, generic ? "x86-64" : cpu,
					     generic ? "" : with_gathers(features, tuned),
					     LLVMCodeGenLevelDefault, LLVMRelocDefault,
					     LLVMCodeModelJITDefault);
	}
	*gathers = !generic && strstr(features, "+avx2");
	LLVMDisposeMessage(triple);
	if (cpu)
		LLVMDisposeMessage(cpu);
	if (features)
		LLVMDisposeMessage(features);
	return tm;
}

/*
 * LLVM's fatal errors (report_fatal_error(): a construct the code
 * generator cannot legalise, say) call the installed handler, then abort
 * the process if it returns: the device would die of a guest's shader.
 * The one place they come from here is code generation, which
 * generate_object() runs on its own thread with a recovery point: the
 * handler jumps back to it, and the compile fails like any other. The
 * jump skips the destructors of LLVM's frames in between (their memory is
 * lost, and their state is not to be trusted), so the JIT is then off
 * for the rest of the process (session.broken), every program on the
 * interpreter. jit_emit.c's job is to never get there; this is the net.
 * A fatal error on a thread without a recovery point (another LLVM user
 * in the process) is left to LLVM's default: the message, then abort.
 */
static _Thread_local jmp_buf *recovery;

static void fatal_error(const char *reason)
{
	if (!recovery) {
		fprintf(stderr, "LLVM ERROR: %s\n", reason);
		return;
	}
	ember_error("shader_jit_error step=codegen fatal=1 error=\"%s\" jit=off", reason);
	longjmp(*recovery, 1);
}

/* Under the lock: the session, started once; false if LLVM failed. */
static bool session_ready(void)
{
	LLVMOrcLLJITBuilderRef builder;
	LLVMTargetMachineRef jit_tm;

	if (session.started)
		return !session.broken;
	session.started = true;
	session.broken = true;
	if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter())
		return false;
	LLVMParseCommandLineOptions(sizeof(codegen_options) / sizeof(codegen_options[0]),
				    codegen_options, NULL);
	session.tm = host_machine(&session.gathers);
	jit_tm = host_machine(&session.gathers);
	if (!session.tm || !jit_tm)
		return false;
	builder = LLVMOrcCreateLLJITBuilder();
	LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder,
		LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm));
	if (failed(LLVMOrcCreateLLJIT(&session.jit, builder), "session"))
		return false;
	LLVMInstallFatalErrorHandler(fatal_error);
	session.broken = false;
	return true;
}

/* The compiler thread is done reading @prog: releasing it need not wait. */
static void translated(struct sc_program *prog)
{
	pthread_mutex_lock(&queue.lock);
	if (queue.busy == prog) {
		queue.busy = NULL;
		queue.finishing = prog;
		pthread_cond_broadcast(&queue.cond);
	}
	pthread_mutex_unlock(&queue.lock);
}

/*
 * EMBER_SHADER_JIT_DUMP=DIR: each optimised module as DIR/NAME.ll, for
 * llc and llvm-mca (what the code generator makes of a kernel's loops).
 */
static void dump_module(LLVMModuleRef mod, const char *name)
{
	const char *dir = getenv("EMBER_SHADER_JIT_DUMP");
	char path[4096], *msg = NULL;

	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/%s.ll", dir, name);
	if (LLVMPrintModuleToFile(mod, path, &msg))
		ember_error("shader_jit_error step=dump error=\"%s\"", msg);
	LLVMDisposeMessage(msg);
}

/*
 * Code generation of the optimised @mod into an object file, under the
 * recovery point above; NULL if LLVM failed (logged). LLJIT would do the
 * same inside its lookup, where a jump out would leave ORC's own state
 * (symbols being materialised) half done; here it is the target
 * machine's passes only.
 */
static LLVMMemoryBufferRef generate_object(LLVMModuleRef mod, bool *fatal)
{
	LLVMMemoryBufferRef obj = NULL;
	char *msg = NULL;
	jmp_buf here;

	*fatal = false;
	if (setjmp(here)) {
		recovery = NULL;
		*fatal = true;
		session.broken = true;
		return NULL;
	}
	recovery = &here;
	if (LLVMTargetMachineEmitToMemoryBuffer(session.tm, mod, LLVMObjectFile, &msg, &obj)) {
		ember_error("shader_jit_error step=codegen error=\"%s\"", msg);
		LLVMDisposeMessage(msg);
		obj = NULL;
	}
	recovery = NULL;
	return obj;
}

/*
 * EMBER_SHADER_JIT_INJECT=fatal, fault injection for the test of the net
 * above (test_shader's jit-llvm-fatal-error): add to @mod a function that
 * LLVM 19 cannot generate for baseline x86-64 (EMBER_SHADER_GENERIC),
 * AVX-512's sitofp.round on <16 x i32>: "LLVM ERROR: Do not know how to
 * split the result of this operator!".
 */
static void inject_fatal(LLVMModuleRef mod)
{
	static const char name[] = "llvm.x86.avx512.sitofp.round";
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
	LLVMTypeRef types[2] = {
		LLVMVectorType(LLVMFloatTypeInContext(ctx), 16), LLVMVectorType(i32, 16),
	};
	unsigned int id = LLVMLookupIntrinsicID(name, sizeof(name) - 1);
	LLVMTypeRef fn_ty = LLVMFunctionType(types[0], &types[1], 1, false);
	LLVMValueRef fn = LLVMAddFunction(mod, "ember_jit_inject_fatal", fn_ty);
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMValueRef args[2] = { LLVMGetParam(fn, 0), LLVMConstInt(i32, 8, false) };

	LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, fn, ""));
	LLVMBuildRet(b, LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, types, 2),
				       LLVMGetIntrinsicDeclaration(mod, id, types, 2), args, 2, ""));
	LLVMDisposeBuilder(b);
}

/*
 * Check, optimise and generate @mod (@ok: emitted), then add its code
 * under @tracker, or for good without one; false if anything failed.
 */
static bool add_module(LLVMContextRef ctx, LLVMModuleRef mod, const char *name,
		       LLVMOrcResourceTrackerRef tracker, bool ok)
{
	LLVMPassBuilderOptionsRef opts;
	LLVMMemoryBufferRef obj = NULL;
	LLVMOrcJITDylibRef dylib;
	bool fatal = false;
	char *msg = NULL;

	/* Never run code LLVM would reject: the interpreter runs it instead. */
	if (ok && LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
		ember_error("shader_jit_error step=verify error=\"%s\"", msg);
		ok = false;
	}
	LLVMDisposeMessage(msg);
	if (ok) {
		opts = LLVMCreatePassBuilderOptions();
		ok = !failed(LLVMRunPasses(mod, PASSES, session.tm, opts), "passes");
		LLVMDisposePassBuilderOptions(opts);
	}
	/* A helper's fatal error may have turned the JIT off meanwhile. */
	if (ok && !session.broken) {
		const char *inject = getenv("EMBER_SHADER_JIT_INJECT");

		if (inject && !strcmp(inject, "fatal"))
			inject_fatal(mod);
		dump_module(mod, name);
		obj = generate_object(mod, &fatal);
	}
	/* After a fatal error LLVM's frames may still point into the module: keep it. */
	if (!fatal) {
		LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
	}
	if (!obj)
		return false;
	dylib = LLVMOrcLLJITGetMainJITDylib(session.jit);
	if (tracker)
		return !failed(LLVMOrcLLJITAddObjectFileWithRT(session.jit, tracker, obj), "add");
	return !failed(LLVMOrcLLJITAddObjectFile(session.jit, dylib, obj), "add");
}

/* A new module named @name for the session's target, in a context of its own. */
static LLVMModuleRef new_module(const char *name, LLVMContextRef *ctx)
{
	LLVMModuleRef mod;

	*ctx = LLVMContextCreate();
	mod = LLVMModuleCreateWithNameInContext(name, *ctx);
	LLVMSetTarget(mod, LLVMOrcLLJITGetTripleString(session.jit));
	LLVMSetDataLayout(mod, LLVMOrcLLJITGetDataLayoutStr(session.jit));
	return mod;
}

/*
 * Under the session lock: the address of global access helper @kind
 * (jit.h), compiled in a module of its own at its first use and kept for
 * the process's life, shared by every program; 0 if it failed.
 */
static uint64_t access_helper(unsigned int kind)
{
	LLVMOrcExecutorAddress addr = 0;
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	char name[32];

	if (session.helpers[kind] || session.helper_failed[kind])
		return session.helpers[kind];
	session.helper_failed[kind] = true;
	snprintf(name, sizeof(name), "ember_jit_access_%u", kind);
	mod = new_module(name, &ctx);
	sc_jit_emit_helper(mod, kind, name, session.gathers);
	if (!add_module(ctx, mod, name, NULL, true) ||
	    failed(LLVMOrcLLJITLookup(session.jit, &addr, name), "lookup"))
		return 0;
	session.helper_failed[kind] = false;
	session.helpers[kind] = addr;
	return addr;
}

/* Emit, check and optimise @prog's module, then add it under @tracker. */
static bool build_module(struct sc_program *prog, const char *name,
			 LLVMOrcResourceTrackerRef tracker, bool background)
{
	LLVMContextRef ctx;
	LLVMModuleRef mod = new_module(name, &ctx);
	bool ok;

	ok = sc_jit_emit(mod, prog, name, session.gathers, access_helper);
	if (background)
		translated(prog);
	return add_module(ctx, mod, name, tracker, ok);
}

static void drop_code(struct sc_jit_code *code)
{
	/* ORC's session has its own lock: no need of ours. */
	failed(LLVMOrcResourceTrackerRemove(code->tracker), "remove");
	LLVMOrcReleaseResourceTracker(code->tracker);
	free(code);
}

/* Hand the code to @prog, unless released meanwhile (background). */
static void publish(struct sc_program *prog, struct sc_jit_code *code,
		    LLVMOrcExecutorAddress addr, bool background)
{
	bool abandoned = false;

	if (background) {
		pthread_mutex_lock(&queue.lock);
		abandoned = queue.abandoned;
		queue.finishing = NULL;
		queue.abandoned = false;
	}
	if (!abandoned) {
		prog->jit_code = code;
		__atomic_store_n(&prog->jit, (sc_jit_fn)(uintptr_t)addr, __ATOMIC_RELEASE);
	}
	if (background)
		pthread_mutex_unlock(&queue.lock);
	if (abandoned)
		drop_code(code);
}

/* Compile @prog on this thread (the compiler thread: @background). */
static bool compile_now(struct sc_program *prog, bool background)
{
	LLVMOrcResourceTrackerRef tracker;
	LLVMOrcExecutorAddress addr = 0;
	struct sc_jit_code *code;
	uint64_t start = now_ns();
	uint32_t num_insns = prog->num_insns;
	char name[32];

	code = calloc(1, sizeof(*code));
	if (!code)
		return false;
	pthread_mutex_lock(&session.lock);
	if (!session_ready())
		goto fail;
	snprintf(name, sizeof(name), "ember_shader_%llu", (unsigned long long)session.programs++);
	tracker = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(session.jit));
	if (!build_module(prog, name, tracker, background) ||
	    failed(LLVMOrcLLJITLookup(session.jit, &addr, name), "lookup")) {
		failed(LLVMOrcResourceTrackerRemove(tracker), "remove");
		LLVMOrcReleaseResourceTracker(tracker);
		goto fail;
	}
	code->tracker = tracker;
	publish(prog, code, addr, background);
	session.compile_ns += now_ns() - start;
	pthread_mutex_unlock(&session.lock);
	/* Not prog->num_insns: a released program may be gone once published. */
	ember_debug("shader_jit_compiled name=%s insns=%u ns=%llu", name, num_insns,
		    (unsigned long long)(now_ns() - start));
	return true;

fail:
	pthread_mutex_unlock(&session.lock);
	free(code);
	return false;
}

static void *compiler_thread(void *arg)
{
	/* Behind the shader cores and the rest of the device: the lowest priority. */
	setpriority(PRIO_PROCESS, (id_t)gettid(), 19);
	pthread_mutex_lock(&queue.lock);
	for (;;) {
		struct sc_program *prog;

		while (!queue.head && !queue.stopping)
			pthread_cond_wait(&queue.cond, &queue.lock);
		if (queue.stopping)
			break;
		prog = queue.head;
		queue.head = prog->jit_next;
		if (!queue.head)
			queue.tail = NULL;
		queue.busy = prog;
		pthread_mutex_unlock(&queue.lock);
		compile_now(prog, true);
		pthread_mutex_lock(&queue.lock);
		queue.busy = NULL;
		queue.finishing = NULL;
		queue.abandoned = false;
		pthread_cond_broadcast(&queue.cond);
	}
	pthread_mutex_unlock(&queue.lock);
	return NULL;
}

/*
 * At exit, before the LLVM static destructors registered when libLLVM was
 * loaded (not those registered later: see the DOC's "Exit" and
 * sc_jit_quiesce()). Queued programs are dropped, a compile under way is
 * waited for (at most one program's, MAX_INSNS bounds it).
 */
static void stop_compiler(void)
{
	pthread_mutex_lock(&queue.lock);
	queue.stopping = true;
	queue.head = NULL;
	queue.tail = NULL;
	pthread_cond_broadcast(&queue.cond);
	pthread_mutex_unlock(&queue.lock);
	pthread_join(queue.thread, NULL);
}

/* Queue @prog for the compiler thread; false if there can be no thread. */
static bool compile_later(struct sc_program *prog)
{
	bool ok;

	pthread_mutex_lock(&queue.lock);
	ok = !queue.stopping;
	if (ok && !queue.thread_started) {
		ok = !pthread_create(&queue.thread, NULL, compiler_thread, NULL);
		if (ok) {
			queue.thread_started = true;
			if (atexit(stop_compiler)) {
				/* No way to stop it at exit: let it be, unjoined. */
				pthread_detach(queue.thread);
			}
		}
	}
	if (ok) {
		prog->jit_next = NULL;
		if (queue.tail)
			queue.tail->jit_next = prog;
		else
			queue.head = prog;
		queue.tail = prog;
		pthread_cond_broadcast(&queue.cond);
	}
	pthread_mutex_unlock(&queue.lock);
	return ok;
}

bool sc_jit_compile(struct sc_program *prog, bool wait)
{
	prog->jit_tried = true;
	if (prog->num_insns > MAX_INSNS) {
		ember_debug("shader_jit_skipped insns=%u max=%u", prog->num_insns, MAX_INSNS);
		return false;
	}
	return wait ? compile_now(prog, false) : compile_later(prog);
}

void sc_jit_release(struct sc_program *prog)
{
	struct sc_jit_code *code;

	/* Off the queue, or out of the compiler thread's hands. */
	pthread_mutex_lock(&queue.lock);
	for (struct sc_program *p = queue.head, *prev = NULL; p; prev = p, p = p->jit_next) {
		if (p != prog)
			continue;
		if (prev)
			prev->jit_next = p->jit_next;
		else
			queue.head = p->jit_next;
		if (queue.tail == p)
			queue.tail = prev;
		break;
	}
	/* Being translated: a short wait. Being generated: drop it later. */
	while (queue.busy == prog)
		pthread_cond_wait(&queue.cond, &queue.lock);
	if (queue.finishing == prog)
		queue.abandoned = true;
	pthread_mutex_unlock(&queue.lock);
	code = prog->jit_code;
	prog->jit_code = NULL;
	prog->jit = NULL;
	if (code)
		drop_code(code);
}

void sc_jit_quiesce(void)
{
	pthread_mutex_lock(&queue.lock);
	while (queue.busy || queue.finishing)
		pthread_cond_wait(&queue.cond, &queue.lock);
	pthread_mutex_unlock(&queue.lock);
}

uint64_t sc_jit_compile_ns(void)
{
	uint64_t ns;

	pthread_mutex_lock(&session.lock);
	ns = session.compile_ns;
	pthread_mutex_unlock(&session.lock);
	return ns;
}
