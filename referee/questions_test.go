package referee

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuestionSpecsMatchTheirKeys(t *testing.T) {
	specs := []QuestionSpec{
		{Key: "misty.npc.*.contact", Kind: KindConfirm, Default: "no", Why: "w"},
		{Key: "misty.npc.galleass.contact", Kind: KindConfirm, Default: NoDefault, Why: "w"},
		{Key: "misty.battle.**", Kind: KindText, Varies: "dice", Why: "w"},
	}
	s, ok := FindSpec(specs, "misty.npc.pirate-1.contact")
	assert.True(t, ok)
	assert.Equal(t, "misty.npc.*.contact", s.Key)
	s, _ = FindSpec(specs, "misty.npc.galleass.contact")
	assert.Equal(t, "misty.npc.galleass.contact", s.Key, "an exact key wins over a pattern")
	_, ok = FindSpec(specs, "misty.npc.pirate-1.contact.more")
	assert.False(t, ok, "* is one segment")
	s, ok = FindSpec(specs, "misty.battle.Ann.pirate-1.attack.roll")
	assert.True(t, ok)
	assert.Equal(t, "misty.battle.**", s.Key)
	_, ok = FindSpec(specs, "misty.battle")
	assert.False(t, ok, "** is at least one segment")

	assert.NoError(t, CheckDeclared(specs, Question{Key: "misty.npc.pirate-2.contact", Kind: KindConfirm, Default: "no"}))
	err := CheckDeclared(specs, Question{Key: "misty.npc.pirate-2.contact", Kind: KindConfirm})
	assert.EqualError(t, err, `misty.npc.pirate-2.contact is asked with default "", but misty.npc.*.contact declares "no" (w)`)
	err = CheckDeclared(specs, Question{Key: "misty.npc.galleass.contact", Kind: KindConfirm, Default: "yes"})
	assert.EqualError(t, err, `misty.npc.galleass.contact is asked with default "yes", but misty.npc.galleass.contact declares none (w)`)
	assert.Error(t, CheckDeclared(specs, Question{Key: "misty.npc.pirate-2.contact", Kind: KindChoose, Default: "no"}))
	assert.ErrorContains(t, CheckDeclared(specs, Question{Key: "qc.x", Kind: KindConfirm}), "declares no default policy")
	assert.NoError(t, CheckDeclared(specs, Question{Key: "misty.battle.a.b", Kind: KindText, Default: "6,6"}))
}
