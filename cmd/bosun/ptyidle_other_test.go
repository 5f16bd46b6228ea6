//go:build !linux

package main

// waitingForKey is never sure outside Linux (it reads /proc there): Quiet
// then waits for the output to be still for its whole duration.
func (tm *Term) waitingForKey() bool { return false }
