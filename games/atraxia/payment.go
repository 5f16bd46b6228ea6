package atraxia

import (
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// ParsePayment reads what a clan pays, "oc=2,alwood=1,ammo=2" (RESOURCE=N
// items, any case; see Resource for the names), as resource -> amount.
// "" and "none" pay nothing. The session (a Currency Conversion) and
// `bosun atraxia convert --pay` both read payments with it.
func ParsePayment(s string) (map[string]int, error) {
	out := map[string]int{}
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "none" {
		return out, nil
	}
	for _, it := range referee.SplitList(s) {
		k, v, ok := strings.Cut(it, "=")
		n, err := strconv.Atoi(v)
		r := Resource(k)
		if !ok || err != nil || n < 0 || r == "" {
			return nil, referee.Usagef("atraxia: %q is not a payment; write RESOURCE=N items, e.g. \"oc=1,alwood=1\" (resources oc, alwood, ammo)", s)
		}
		out[r] += n
	}
	return out, nil
}

// Resource is the canonical name (oc, alwood, ammo) of a resource as
// players write it (ocean-crystal, wood, ammunition, ...), or "".
func Resource(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "oc", "ocean-crystal", "ocean-crystals", "ocean":
		return "oc"
	case "alwood", "aluminium-wood", "aluminum-wood", "wood":
		return "alwood"
	case "ammo", "ammunition":
		return "ammo"
	}
	return ""
}
