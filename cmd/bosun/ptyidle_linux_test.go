package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// waitingForKey reports whether the program is blocked reading its
// terminal with all it wrote read back: the terminal holds no unread
// output, and (from /proc, Linux only: elsewhere it is never sure) every
// thread of the process sleeps and one of them is in read(2) on fd 0.
// Each is checked four times over 30 ms (a thread between two system
// calls is not caught asleep twice).
func (tm *Term) waitingForKey() bool {
	for i := range 4 {
		if i > 0 {
			time.Sleep(10 * time.Millisecond)
		}
		if tm.unread() != 0 || !readingStdin(tm.cmd.Process.Pid) {
			return false
		}
	}
	return true
}

// unread is how many bytes the program wrote that the reader has not
// read yet (-1 when it cannot tell).
func (tm *Term) unread() int {
	n := -1
	sc, err := tm.pty.SyscallConn()
	if err != nil {
		return -1
	}
	_ = sc.Control(func(fd uintptr) {
		var v int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); e == 0 {
			n = int(v)
		}
	})
	return n
}

// readingStdin reports whether every thread of process pid is asleep and
// one is in the read system call on file descriptor 0.
func readingStdin(pid int) bool {
	task := fmt.Sprintf("/proc/%d/task", pid)
	tids, err := os.ReadDir(task)
	if err != nil || len(tids) == 0 {
		return false
	}
	reading := false
	for _, tid := range tids {
		stat, err := os.ReadFile(filepath.Join(task, tid.Name(), "stat"))
		if err != nil {
			return false
		}
		// "pid (comm) S ...": the state follows the last parenthesis.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 || i+2 >= len(stat) || stat[i+2] != 'S' {
			return false
		}
		sc, err := os.ReadFile(filepath.Join(task, tid.Name(), "syscall"))
		if err != nil {
			return false
		}
		// "0 0x0 ...": the system call's number (read's), its first
		// argument (fd 0).
		if f := strings.Fields(string(sc)); len(f) > 1 && f[0] == strconv.Itoa(syscall.SYS_READ) && f[1] == "0x0" {
			reading = true
		}
	}
	return reading
}
