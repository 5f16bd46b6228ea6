package rulesref

import "testing"

func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		loadBuiltin()
	}
}

func BenchmarkSearch(b *testing.B) {
	builtin()
	for i := 0; i < b.N; i++ {
		Search("can pirates shoot at me while I'm tied up at the tavern", SearchOptions{Limit: 3})
	}
}
