package rulesref

import (
	"hash/crc32"
	"testing"
)

// TestPrebuiltCRC: prebuilt_crc.go is the checksum of the embedded index
// it was generated with, so that an added manuals' cache built for another
// shipped index is never taken for this one's.
func TestPrebuiltCRC(t *testing.T) {
	if got := crc32.ChecksumIEEE(prebuilt); got != prebuiltCRC {
		t.Fatalf("data/index.bin has crc32 %#08x, prebuilt_crc.go says %#08x: run go generate ./rulesref/", got, uint32(prebuiltCRC))
	}
}
