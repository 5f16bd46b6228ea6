package referee

// OptionSpec declares one --option KEY=VALUE a game accepts.
type OptionSpec struct {
	Key     string   `json:"key"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Help    string   `json:"help"`
}
