package atraxia

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePayment(t *testing.T) {
	for in, want := range map[string]map[string]int{
		"oc=2,alwood=1,ammo=2":          {"oc": 2, "alwood": 1, "ammo": 2},
		"Ocean-Crystal=1, wood=2":       {"oc": 1, "alwood": 2},
		"oc=1 oc=2":                     {"oc": 3},
		"none":                          {},
		"":                              {},
		"aluminium-wood=1,ammunition=0": {"alwood": 1, "ammo": 0},
	} {
		got, err := ParsePayment(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"gold=1", "oc=-1", "oc", "oc=x"} {
		_, err := ParsePayment(bad)
		require.Error(t, err, bad)
		assert.True(t, referee.IsUsage(err), bad)
		assert.Contains(t, err.Error(), "resources oc, alwood, ammo", bad)
	}
}
