// Command train fits the rules search's learned reranker (rulesref/ltr.go)
// on the development set and, with -write, writes its weights to
// rulesref/ltr_weights.go. Run it from the module root:
//
//	go run ./rulesref/internal/train            # report only
//	go run ./rulesref/internal/train -write     # refit rulesref/ltr_weights.go
//	go run ./rulesref/internal/train -outsiders # carry-over to outsiders' batches
//
// It reads only the dev set (rulesref/testdata/devset.yaml) and its floors
// (rulesref/testdata/devfloors.yaml). For each batch of questions it
// reports the hand-tuned ranking, the shipped weights, the old recipe
// cross-validated, and for each L2 penalty the cross-validation by batch
// (each fitted batch ranked by a model fitted on the other fitted
// batches); it then chooses the penalty with the best cross-validated
// top-1 + top-3 among those whose model, fitted on every fitted batch,
// keeps every batch's floor (all batches, fitted or not).
//
// The batches: v1-v8 were written in-house; v9, v10 and v11 by outsiders
// who saw only the rulebooks (the style of new players' questions). The
// outsiders' batches are fitted on only with -outsider-weight w > 0 (their
// questions weigh w in the loss, an in-house one 1).
//
// -outsiders runs the protocol that measures carry-over to outsiders
// instead (leave one outsider batch out): for each of v9, v10 and v11, a
// model fitted on v1-v8 and the other two outsider batches ranks the
// left-out batch, with no game given and with its game given (the game
// of the question's first answering section); the counts are compared
// with the baseline, the shipped recipe (fitted on v1-v8 only, penalty
// -base-lambda 0.3, prior -prior), for every penalty of -lambdas,
// outsider weight of -weights and prior of -priors
// (`go run ./rulesref/internal/train -outsiders -lambdas 0.03,0.1,0.3
// -weights 0,1,2,3 -priors "1,3;2,6"`). A gain on a figure (top-1 or
// top-3, no game or game given) is real when it shows on at least two of
// the three left-out batches and the third loses at most one question; a
// recipe WINS with a real gain on top-1 or top-3 (no game given) and no
// figure with a real loss or a lower sum ("strict too": and no figure
// losing more than one question on any batch). The last column lists the
// floors the recipe's model, fitted on every batch it fits on, breaks
// (questions short, top-1/top-3). It writes nothing.
//
// Flags: -lambda fits one penalty only, -iters the optimiser's steps
// (400), -pool the number of hits the reranker reorders (rerankTop),
// -prior "a,b" the raw weights of the log score and the inverse rank the
// fit starts from and is pulled towards (1,3), -old-lambda the old
// recipe's penalty (0.01), -show prints the questions a model misses at
// the top, -convert DIR -set NAME prints a raw batch in the snippet
// format as dev-set entries (how v10 and v11 joined). A refit is needed
// after any change to an earlier search stage or to a feature; `go test
// ./rulesref/` (TestDevSet, TestLTRWeights) catches a stale model. It was
// a skipped test (TestTrainRanker) before.
//
// -expand v9,v10,... prints those batches' questions as the players'
// questions of rulesref/data/players.txt (each under the passage holding
// its answer; issue #16's fifth pass). Since then the outsiders' batches
// v9-v15 are in the index's questions field: their features here are
// training features (a question meets itself in the field), so a refit or
// the -outsiders protocol on them first needs an index built without the
// batches it fits or measures (-expand with them left out, `go generate
// ./rulesref/`, fit, then restore). The shipped weights were fitted before
// the players' questions were indexed.
package main

import (
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/rulesref"
	"gopkg.in/yaml.v3"
)

// insiders are the batches written in-house; the reranker is always
// fitted on them.
var insiders = []string{"v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"}

// outsiders are the batches written by outsiders who saw only the
// rulebooks; fitted on only with -outsider-weight > 0.
var outsiders = []string{"v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16"}

// ltrOldSets are the batches the shipped weights (ltr_weights.go before
// v8) were fitted on; the old recipe's cross-validation fits on these
// only, so v8 is new to it in every fold.
var ltrOldSets = map[string]bool{"v1": true, "v2": true, "v3": true, "v4": true, "v5": true, "v6": true, "v7": true}

// recipe is how a model is fitted: the L2 penalty, the prior (the raw
// weights of the log score and the inverse rank the fit starts from and
// is pulled towards) and the weight of an outsider batch's question in
// the loss (0: outsider batches are not fitted on).
type recipe struct {
	lambda float64
	prior  [2]float64
	outW   float64
}

func (r recipe) String() string {
	fit := "v1-v8"
	if r.outW > 0 {
		fit = fmt.Sprintf("v1-v8 + outsiders x%g", r.outW)
	}
	return fmt.Sprintf("%s, lambda %g, prior %g,%g", fit, r.lambda, r.prior[0], r.prior[1])
}

// fitted reports whether r fits on batch set.
func (r recipe) fitted(set string) bool {
	return slices.Contains(insiders, set) || r.outW > 0 && slices.Contains(outsiders, set)
}

// weight is the weight of a question of batch set in r's loss.
func (r recipe) weight(set string) float64 {
	if slices.Contains(outsiders, set) {
		return r.outW
	}
	return 1
}

// floorKey is the batch's key in devfloors.yaml (the first batch's
// questions have no set).
func floorKey(set string) string {
	if set == "v1" {
		return ""
	}
	return set
}

// featNames name the reranker's features; nFeat is their number.
var (
	featNames = rulesref.TrainFeatures()
	nFeat     = len(featNames)
)

func main() {
	devset := flag.String("devset", "rulesref/testdata/devset.yaml", "the dev set")
	floorsPath := flag.String("floors", "rulesref/testdata/devfloors.yaml", "the dev set's floors per batch")
	out := flag.String("out", "rulesref/ltr_weights.go", "where -write writes the weights")
	write := flag.Bool("write", false, "write the chosen weights to -out")
	pool := flag.Int("pool", 0, "hits the reranker reorders (0: rerankTop as shipped)")
	prior := flag.String("prior", "1,3", `the fit's prior "a,b": raw weights of the log score and the inverse rank`)
	iters := flag.Int("iters", 400, "optimiser steps per fit")
	lambda := flag.Float64("lambda", 0, "fit this L2 penalty only (0: try 0.003 ... 1 and 1e6, chosen by the cross-validation by batch; shipped: 0.3)")
	baseL := flag.Float64("base-lambda", 0.3, "with -outsiders: the baseline's penalty (the recipe shipped before: v1-v8 only, 0.3)")
	oldL := flag.Float64("old-lambda", 0.01, "the old recipe's L2 penalty")
	outW := flag.Float64("outsider-weight", 0, "fit on the outsiders' batches v9-v11 too, each question weighing this in the loss (0: not fitted on)")
	show := flag.Bool("show", false, "print each question a cross-validated model misses at the top")
	outs := flag.Bool("outsiders", false, "measure carry-over to outsiders (leave one outsider batch out) for the recipes of -lambdas, -weights and -priors, and stop")
	lambdas := flag.String("lambdas", "0.03,0.1,0.3,1,3", "with -outsiders: the penalties tried")
	weights := flag.String("weights", "0,1,2,3", "with -outsiders: the outsider weights tried (0: v1-v8 only)")
	priors := flag.String("priors", "1,3", `with -outsiders: the priors tried, "a,b" separated by ";"`)
	conv := flag.String("convert", "", "print this raw batch (file or directory, snippet format) as dev-set entries of batch -set, and stop")
	convSet := flag.String("set", "", "the batch name -convert gives its questions (v11)")
	expandSets := flag.String("expand", "", "print the questions of these dev-set batches (comma-separated, e.g. v9,v10) as expansion blocks for rulesref/data/players.txt, and stop")
	flag.BoolVar(&belowFloors, "below-floors", false, "accept a fit that leaves a batch below its floor (then set the floors to its training figures): only for a recipe the -outsiders protocol found to carry over")
	flag.Parse()
	if *conv != "" {
		if *convSet == "" {
			fmt.Fprintln(os.Stderr, "train: -convert needs -set NAME (accepted: a batch name such as v11)")
			os.Exit(2)
		}
		if err := convert(os.Stdout, *conv, *convSet); err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
		return
	}
	if *expandSets != "" {
		if err := expand(os.Stdout, os.Stderr, *devset, strings.Split(*expandSets, ",")); err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
		return
	}
	p, err := parsePrior(*prior)
	if err == nil && *outW < 0 {
		err = fmt.Errorf("-outsider-weight %g: accepted: 0 (not fitted on) or more", *outW)
	}
	var grid []recipe
	if err == nil && *outs {
		grid, err = parseGrid(*lambdas, *weights, *priors)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(2)
	}
	if *outs {
		err = runOutsiders(*devset, *floorsPath, *pool, *iters, recipe{lambda: *baseL, prior: p}, grid, *show)
	} else {
		err = run(*devset, *floorsPath, *out, *write, *pool, recipe{prior: p, outW: *outW}, *iters, *lambda, *oldL, *show)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// parsePrior reads a prior "a,b".
func parsePrior(s string) ([2]float64, error) {
	var p [2]float64
	f := strings.Split(s, ",")
	if len(f) != 2 {
		return p, fmt.Errorf("prior %q: accepted: two numbers a,b", s)
	}
	for i := range f {
		v, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
		if err != nil {
			return p, fmt.Errorf("prior %q: accepted: two numbers a,b", s)
		}
		p[i] = v
	}
	return p, nil
}

// parseGrid reads -lambdas, -weights and -priors into the recipes the
// protocol tries.
func parseGrid(lambdas, weights, priors string) ([]recipe, error) {
	nums := func(flag, s string, min float64) ([]float64, error) {
		var out []float64
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || v < min || (flag == "-lambdas" && v == 0) {
				return nil, fmt.Errorf("%s %q: accepted: numbers separated by commas, each above 0 (weights: 0 or more)", flag, s)
			}
			out = append(out, v)
		}
		return out, nil
	}
	ls, err := nums("-lambdas", lambdas, 0)
	if err != nil {
		return nil, err
	}
	ws, err := nums("-weights", weights, 0)
	if err != nil {
		return nil, err
	}
	var ps [][2]float64
	for _, f := range strings.Split(priors, ";") {
		p, err := parsePrior(f)
		if err != nil {
			return nil, fmt.Errorf("-priors: %w; separated by ';'", err)
		}
		ps = append(ps, p)
	}
	var out []recipe
	for _, p := range ps {
		for _, w := range ws {
			for _, l := range ls {
				out = append(out, recipe{lambda: l, prior: p, outW: w})
			}
		}
	}
	return out, nil
}

// batches lists the batches of qs in the order insiders, outsiders, then
// any other by name.
func batches(qs []rulesref.TrainQuery) []string {
	seen := map[string]bool{}
	for _, q := range qs {
		seen[q.Set] = true
	}
	var out []string
	for _, s := range append(append([]string(nil), insiders...), outsiders...) {
		if seen[s] {
			out = append(out, s)
			delete(seen, s)
		}
	}
	var rest []string
	for s := range seen {
		rest = append(rest, s)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func run(devset, floorsPath, out string, write bool, pool int, rec recipe, iters int, lambda, oldL float64, show bool) error {
	dev, devFloors, err := readDev(devset, floorsPath)
	if err != nil {
		return err
	}
	qs := ltrData(dev, pool, false)
	sets := batches(qs)
	for _, s := range sets {
		f, ok := devFloors[floorKey(s)]
		if !ok || f[0] <= 0 || f[0] > f[1] || f[1] > 1 {
			return fmt.Errorf("%s: batch %s needs a floor [top-1, top-3] with 0 < top-1 <= top-3 <= 1", floorsPath, s)
		}
	}
	// the batches fitted on, each one fold of the cross-validation
	var fitSets []string
	for _, s := range sets {
		if rec.fitted(s) {
			fitSets = append(fitSets, s)
		}
	}
	fitQs := func(skip string) []rulesref.TrainQuery {
		var train []rulesref.TrainQuery
		for _, q := range qs {
			if q.Set != skip && rec.fitted(q.Set) {
				train = append(train, q)
			}
		}
		return train
	}
	logf("fitted on: %s", strings.Join(fitSets, " "))
	lambdas := []float64{0.003, 0.01, 0.03, 0.1, 0.3, 1, 1e6}
	if lambda != 0 {
		lambdas = []float64{lambda}
	}
	// the hand-tuned ranking
	base := map[string]*ltrTally{}
	var baseAll ltrTally
	for _, s := range sets {
		base[s] = &ltrTally{}
	}
	oracle, nFit := 0, 0
	for _, q := range qs {
		a, b := ltrEval(q, nil)
		base[q.Set].add(a, b)
		if !rec.fitted(q.Set) {
			continue
		}
		nFit++
		baseAll.add(a, b)
		for _, r := range q.Rel {
			if r {
				oracle++
				break
			}
		}
	}
	logf("candidates hold an answer for %d of %d questions fitted on", oracle, nFit)
	// the weights shipped now, on every batch (training data for the
	// batches they were fitted on), and the old recipe cross-validated:
	// each in-house batch ranked by a model fitted (penalty -old-lambda)
	// on the old batches other than it
	{
		shipped := rulesref.TrainShippedWeights()
		cur := map[string]*ltrTally{}
		ocv := map[string]*ltrTally{}
		var curAll, ocvAll ltrTally
		for _, s := range sets {
			cur[s] = &ltrTally{}
		}
		for _, q := range qs {
			a, b := ltrEval(q, shipped)
			cur[q.Set].add(a, b)
			curAll.add(a, b)
		}
		for _, held := range insiders {
			ocv[held] = &ltrTally{}
			var train []rulesref.TrainQuery
			for _, q := range qs {
				if q.Set != held && ltrOldSets[q.Set] {
					train = append(train, q)
				}
			}
			w := ltrFit(train, recipe{lambda: oldL, prior: rec.prior}, iters)
			for _, q := range qs {
				if q.Set == held {
					a, b := ltrEval(q, w)
					ocv[held].add(a, b)
					ocvAll.add(a, b)
				}
			}
		}
		logf("shipped weights | old recipe (lambda %g, old batches only) cross-validated:", oldL)
		for _, s := range sets {
			if ocv[s] != nil {
				logf("  %-3s (%3d): %s | %s", s, cur[s].n, cur[s], ocv[s])
			} else {
				logf("  %-3s (%3d): %s", s, cur[s].n, cur[s])
			}
		}
		logf("  all (%d): %s | in-house %s", curAll.n, curAll, ocvAll)
	}
	bestL, bestV := 0.0, -1.0
	var bestW []float64
	for _, l := range lambdas {
		r := rec
		r.lambda = l
		cv := map[string]*ltrTally{}
		var all ltrTally
		for _, held := range fitSets {
			w := ltrFit(fitQs(held), r, iters)
			cv[held] = &ltrTally{}
			for _, q := range qs {
				if q.Set == held {
					a, b := ltrEval(q, w)
					if !a && show && len(q.X) > 0 {
						ltrShow(q, w)
					}
					cv[held].add(a, b)
					all.add(a, b)
				}
			}
		}
		logf("%s: cross-validated top-1 / top-3 (hand-tuned in brackets)", r)
		for _, s := range fitSets {
			logf("  %-3s (%3d): %s  [%s]", s, cv[s].n, cv[s], base[s])
		}
		logf("  all (%d): %s  [%s]", all.n, all, baseAll)
		// the model fitted on every fitted batch must keep every batch's
		// floor (on its training data for the batches it was fitted on)
		w := ltrFit(fitQs(""), r, iters)
		fit := map[string]*ltrTally{}
		for _, s := range sets {
			fit[s] = &ltrTally{}
		}
		for _, q := range qs {
			a, b := ltrEval(q, w)
			fit[q.Set].add(a, b)
		}
		ok := true
		var line []string
		for _, s := range sets {
			f := devFloors[floorKey(s)]
			x := fit[s]
			if float64(x.top1)/float64(x.n) < f[0] || float64(x.top3)/float64(x.n) < f[1] {
				ok = false
				line = append(line, fmt.Sprintf("%s %s (below its floor)", s, x))
			} else {
				line = append(line, fmt.Sprintf("%s %s", s, x))
			}
		}
		logf("  fitted on every fitted batch: %s; floors kept: %v", strings.Join(line, ", "), ok)
		if !ok && belowFloors {
			logf("  accepted below the floors (-below-floors): set devfloors.yaml to these training figures")
			ok = true
		}
		if v := float64(all.top1 + all.top3); ok && v > bestV {
			bestL, bestV, bestW = l, v, w
		}
	}
	if bestW == nil {
		return fmt.Errorf("no penalty keeps every floor")
	}
	w := bestW
	chosen := rec
	chosen.lambda = bestL
	logf("chosen: %s", chosen)
	for i, v := range w {
		logf("  %-10s %+.4f", featNames[i], v)
	}
	if write {
		var b strings.Builder
		b.WriteString("// Code generated by go run ./rulesref/internal/train -write; DO NOT EDIT.\n\n")
		b.WriteString("package rulesref\n\n")
		if rec.outW > 0 {
			fmt.Fprintf(&b, "// ltrWeights are the learned reranker's weights, one per feature (see\n// ltr.go), fitted on the whole dev set (v1-%s, an outsider batch's\n// question weighing %g) with L2 penalty %g.\n", outsiders[len(outsiders)-1], rec.outW, bestL)
		} else {
			fmt.Fprintf(&b, "// ltrWeights are the learned reranker's weights, one per feature (see\n// ltr.go), fitted on the whole dev set with L2 penalty %g.\n", bestL)
		}
		b.WriteString("var ltrWeights = []float64{\n")
		for i, v := range w {
			fmt.Fprintf(&b, "\t%s, // %s\n", strconv.FormatFloat(v, 'g', 6, 64), featNames[i])
		}
		b.WriteString("}\n")
		src, err := format.Source([]byte(b.String()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(out, src, 0o644); err != nil {
			return err
		}
		logf("wrote %s", out)
	}
	return nil
}

// belowFloors is -below-floors: a fit below a batch's floor is accepted
// (issue #16's third pass: the floors are the old model's own training
// figures, and the recipe fitted to the outsiders' batches carries over to
// left-out outsider batches while leaving a few in-house training
// questions below them).
var belowFloors bool

// readDev reads the dev set and its floors per batch.
func readDev(devset, floorsPath string) ([]rulesref.TrainQuestion, map[string][2]float64, error) {
	var dev []rulesref.TrainQuestion
	if err := readYAML(devset, &dev); err != nil {
		return nil, nil, err
	}
	var devFloors map[string][2]float64
	if floorsPath == "" {
		return dev, nil, nil
	}
	if err := readYAML(floorsPath, &devFloors); err != nil {
		return nil, nil, err
	}
	return dev, devFloors, nil
}

func logf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w (run from the module root, or name the file with a flag)", err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ltrData computes the candidates of every dev question of the in-house
// and outsider batches with the hand-tuned ranking, as search shows them
// (the hits that may be shown, at most rerankTop, or pool when given).
// With gameGiven, only the outsider batches' questions, each searched
// within the game of its first answering section (as --game or a
// session would).
func ltrData(dev []rulesref.TrainQuestion, pool int, gameGiven bool) []rulesref.TrainQuery {
	var keep []rulesref.TrainQuestion
	for _, dq := range dev {
		if dq.Set == "" {
			dq.Set = "v1"
		}
		if gameGiven {
			if !slices.Contains(outsiders, dq.Set) || len(dq.IDs) == 0 {
				continue
			}
			dq.Game, _, _ = strings.Cut(dq.IDs[0], "/")
		} else if !slices.Contains(insiders, dq.Set) && !slices.Contains(outsiders, dq.Set) {
			continue
		}
		keep = append(keep, dq)
	}
	return rulesref.TrainCandidates(keep, pool)
}

func dot(w, x []float64) float64 {
	var s float64
	for i := range w {
		s += w[i] * x[i]
	}
	return s
}

// outsiderRow is one recipe's figures in the protocol: per left-out
// outsider batch, with no game given and with its game given.
type outsiderRow struct {
	name         string
	noGame, game map[string]*ltrTally
}

func newOutsiderRow(name string) outsiderRow {
	r := outsiderRow{name: name, noGame: map[string]*ltrTally{}, game: map[string]*ltrTally{}}
	for _, s := range outsiders {
		r.noGame[s], r.game[s] = &ltrTally{}, &ltrTally{}
	}
	return r
}

// score ranks batch held's questions (qs no game given, gqs game given)
// with w.
func (r outsiderRow) score(held string, w []float64, qs, gqs []rulesref.TrainQuery, show bool) {
	for _, q := range qs {
		if q.Set == held {
			a, b := ltrEval(q, w)
			if !a && show && len(q.X) > 0 {
				ltrShow(q, w)
			}
			r.noGame[held].add(a, b)
		}
	}
	for _, q := range gqs {
		if q.Set == held {
			r.game[held].add(ltrEval(q, w))
		}
	}
}

func sumTally(m map[string]*ltrTally) ltrTally {
	var t ltrTally
	for _, s := range outsiders {
		t.n += m[s].n
		t.top1 += m[s].top1
		t.top3 += m[s].top3
	}
	return t
}

// realGain applies the protocol's rule to one figure's gains per left-out
// batch (questions, against the baseline): a gain is real when it shows
// on at least two of the three batches and the third loses at most one
// question.
func realGain(d []int) bool {
	up, worst := 0, 0
	for _, x := range d {
		if x > 0 {
			up++
		}
		worst = min(worst, x)
	}
	return up >= 2 && worst >= -1
}

// wins is the protocol's verdict on a recipe from its gains per left-out
// batch (no game given top-1 d1 and top-3 d3, game given g1 and g3): a
// real gain on top-1 or top-3 with no game given, and no figure with a
// real loss (the same rule for losses: on two batches, the third gaining
// at most one) or a lower sum over the three; strict: no figure losing
// more than one question on any batch.
func wins(d1, d3, g1, g3 []int, strict bool) bool {
	if !realGain(d1) && !realGain(d3) {
		return false
	}
	for _, d := range [][]int{d1, d3, g1, g3} {
		neg, sum := make([]int, len(d)), 0
		for i, x := range d {
			neg[i] = -x
			sum += x
		}
		if realGain(neg) || sum < 0 || strict && slices.Min(d) < -1 {
			return false
		}
	}
	return true
}

// runOutsiders is the protocol that measures carry-over to outsiders'
// questions: leave one outsider batch out (see the package doc).
func runOutsiders(devset, floorsPath string, pool, iters int, ship recipe, grid []recipe, show bool) error {
	dev, devFloors, err := readDev(devset, floorsPath)
	if err != nil {
		return err
	}
	qs := ltrData(dev, pool, false)
	gqs := ltrData(dev, pool, true)
	have := batches(qs)
	for _, s := range outsiders {
		if !slices.Contains(have, s) {
			return fmt.Errorf("%s: no question of outsider batch %s (accepted: a dev set holding %s)", devset, s, strings.Join(outsiders, ", "))
		}
	}
	fitOn := func(r recipe, held string) []float64 {
		var train []rulesref.TrainQuery
		for _, q := range qs {
			if q.Set != held && r.fitted(q.Set) {
				train = append(train, q)
			}
		}
		return ltrFit(train, r, iters)
	}
	// below lists the batches below their floor with the model a recipe
	// ships (fitted on every batch it fits on)
	below := func(r recipe) string {
		w := fitOn(r, "")
		fit := map[string]*ltrTally{}
		for _, q := range qs {
			if fit[q.Set] == nil {
				fit[q.Set] = &ltrTally{}
			}
			fit[q.Set].add(ltrEval(q, w))
		}
		var out []string
		for _, s := range have {
			f, ok := devFloors[floorKey(s)]
			x := fit[s]
			if !ok {
				out = append(out, s+" (no floor)")
			} else if d1, d3 := x.top1-int(math.Ceil(f[0]*float64(x.n)-1e-9)), x.top3-int(math.Ceil(f[1]*float64(x.n)-1e-9)); d1 < 0 || d3 < 0 {
				out = append(out, fmt.Sprintf("%s %+d/%+d", s, min(d1, 0), min(d3, 0)))
			}
		}
		if len(out) == 0 {
			return "all kept"
		}
		return strings.Join(out, ", ")
	}
	floorsOf := map[string]string{}
	var rows []outsiderRow
	hand := newOutsiderRow("hand-tuned order (no reranker)")
	shipped := newOutsiderRow("shipped weights (ltr_weights.go)")
	for _, s := range outsiders {
		hand.score(s, nil, qs, gqs, false)
		shipped.score(s, rulesref.TrainShippedWeights(), qs, gqs, false)
	}
	ship.outW = 0
	base := newOutsiderRow("BASELINE " + ship.String())
	wb := fitOn(ship, "")
	for _, s := range outsiders {
		base.score(s, wb, qs, gqs, false)
	}
	rows = append(rows, hand, shipped, base)
	for _, r := range grid {
		row := newOutsiderRow(r.String())
		if r.outW == 0 {
			w := fitOn(r, "") // the outsiders are never fitted on: one model
			for _, s := range outsiders {
				row.score(s, w, qs, gqs, show)
			}
		} else {
			for _, s := range outsiders {
				row.score(s, fitOn(r, s), qs, gqs, show)
			}
		}
		rows = append(rows, row)
		floorsOf[row.name] = below(r)
		logf("done: %s", r)
	}
	logf("\nleave one outsider batch out: each of %s ranked by a model that never saw it;", strings.Join(outsiders, ", "))
	logf("questions right at top-1 / top-3 (n in the heading); gains against the BASELINE, per batch, top-1 then top-3")
	head := "| recipe |"
	for _, s := range outsiders {
		head += fmt.Sprintf(" %s (%d) |", s, base.noGame[s].n)
	}
	head += " sum no game | sum game given | gain top-1 | gain top-3 | gain game given top-1 / top-3 | real gain | verdict | floors, fitted on all (questions below) |"
	logf("%s", head)
	logf("|%s", strings.Repeat("---|", 6+len(outsiders)+3))
	for _, r := range rows {
		line := "| " + r.name + " |"
		var d1, d3, g1, g3 []int
		for _, s := range outsiders {
			x := r.noGame[s]
			line += fmt.Sprintf(" %d / %d |", x.top1, x.top3)
			d1 = append(d1, x.top1-base.noGame[s].top1)
			d3 = append(d3, x.top3-base.noGame[s].top3)
			g1 = append(g1, r.game[s].top1-base.game[s].top1)
			g3 = append(g3, r.game[s].top3-base.game[s].top3)
		}
		a, g := sumTally(r.noGame), sumTally(r.game)
		line += fmt.Sprintf(" %d / %d (%s) | %d / %d (%s) |", a.top1, a.top3, a, g.top1, g.top3, g)
		line += fmt.Sprintf(" %s | %s | %s / %s |", signs(d1), signs(d3), signs(g1), signs(g3))
		var real []string
		for _, m := range []struct {
			name string
			d    []int
		}{{"top-1", d1}, {"top-3", d3}, {"game given top-1", g1}, {"game given top-3", g3}} {
			if realGain(m.d) {
				real = append(real, m.name)
			}
		}
		line += " " + strings.Join(real, ", ") + " |"
		switch {
		case wins(d1, d3, g1, g3, true):
			line += " WINS (strict too) |"
		case wins(d1, d3, g1, g3, false):
			line += " WINS |"
		default:
			line += " |"
		}
		line += " " + floorsOf[r.name] + " |"
		logf("%s", line)
	}
	return nil
}

// signs prints gains per batch: "+2 -1 0".
func signs(d []int) string {
	var f []string
	for _, x := range d {
		f = append(f, fmt.Sprintf("%+d", x))
	}
	return strings.Join(f, " ")
}

// ltrEval returns whether the first (top1) and any of the first three
// (top3) candidates ordered by w are relevant (w nil: the hand-tuned
// order).
func ltrEval(lq rulesref.TrainQuery, w []float64) (top1, top3 bool) {
	ord := make([]int, len(lq.X))
	for k := range ord {
		ord[k] = k
	}
	if w != nil {
		s := make([]float64, len(lq.X))
		for k, x := range lq.X {
			s[k] = dot(w, x)
		}
		sort.SliceStable(ord, func(a, b int) bool { return s[ord[a]] > s[ord[b]] })
		ord = rulesref.TrainPinOrder(ord, lq.Pin, lq.After)
	}
	for r, k := range ord {
		if r >= 3 {
			break
		}
		if lq.Rel[k] {
			return r == 0, true
		}
	}
	return false, false
}

// ltrFit fits a linear model by the listwise softmax loss (the
// relevant candidates' share of exp(score), each question weighing
// r.weight(its batch)) with L2 penalty r.lambda towards r.prior, on
// standardised features; it returns weights over the raw features.
func ltrFit(qs []rulesref.TrainQuery, r recipe, iters int) []float64 {
	lambda := r.lambda
	// standardise
	mu := make([]float64, nFeat)
	sd := make([]float64, nFeat)
	var n float64
	for _, q := range qs {
		for _, x := range q.X {
			n++
			for i, v := range x {
				mu[i] += v
				sd[i] += v * v
			}
		}
	}
	for i := range mu {
		mu[i] /= n
		sd[i] = math.Sqrt(math.Max(sd[i]/n-mu[i]*mu[i], 0))
		if sd[i] < 1e-9 {
			sd[i] = 0 // constant: unused
		}
	}
	type tq struct {
		zs  [][]float64
		rel []bool
		wt  float64
	}
	var train []tq
	var sumW float64
	for _, q := range qs {
		pos, neg := 0, 0
		for _, rel := range q.Rel {
			if rel {
				pos++
			} else {
				neg++
			}
		}
		if pos == 0 || neg == 0 {
			continue
		}
		t := tq{rel: q.Rel, wt: r.weight(q.Set)}
		sumW += t.wt
		for _, x := range q.X {
			z := make([]float64, nFeat)
			for i := range x {
				if sd[i] > 0 {
					z[i] = (x[i] - mu[i]) / sd[i]
				}
			}
			t.zs = append(t.zs, z)
		}
		train = append(train, t)
	}
	// the prior, and the start: the hand-tuned order (its log score and
	// its rank); the penalty pulls towards it, not towards zero
	w0 := make([]float64, nFeat)
	w0[rulesref.TrainLnScore] = r.prior[0] * sd[rulesref.TrainLnScore]
	w0[rulesref.TrainInvRank] = r.prior[1] * sd[rulesref.TrainInvRank]
	w := append([]float64(nil), w0...)
	m := make([]float64, nFeat)
	v := make([]float64, nFeat)
	g := make([]float64, nFeat)
	const lr, b1, b2 = 0.05, 0.9, 0.999
	for it := 1; it <= iters; it++ {
		for i := range g {
			g[i] = lambda * (w[i] - w0[i])
		}
		for _, q := range train {
			s := make([]float64, len(q.zs))
			mx := math.Inf(-1)
			for k, z := range q.zs {
				s[k] = dot(w, z)
				mx = math.Max(mx, s[k])
			}
			var za, zp float64
			for k := range s {
				s[k] = math.Exp(s[k] - mx)
				za += s[k]
				if q.rel[k] {
					zp += s[k]
				}
			}
			// d/dw of -log(zp/za) = E_all[z] - E_pos[z]
			for k, z := range q.zs {
				c := s[k] / za
				if q.rel[k] {
					c -= s[k] / zp
				}
				// (with every weight 1 this is c * z[i] / len(train)
				// exactly, as before weights)
				c *= q.wt
				for i := range g {
					g[i] += c * z[i] / sumW
				}
			}
		}
		for i := range w {
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(b1, float64(it)))
			vh := v[i] / (1 - math.Pow(b2, float64(it)))
			w[i] -= lr * mh / (math.Sqrt(vh) + 1e-8)
		}
	}
	raw := make([]float64, nFeat)
	for i := range w {
		if sd[i] > 0 {
			raw[i] = w[i] / sd[i]
		}
	}
	return raw
}

type ltrTally struct{ n, top1, top3 int }

func (t *ltrTally) add(a, b bool) {
	t.n++
	if a {
		t.top1++
	}
	if b {
		t.top3++
	}
}

func (t ltrTally) String() string {
	return fmt.Sprintf("%5.1f / %5.1f", 100*float64(t.top1)/float64(t.n), 100*float64(t.top3)/float64(t.n))
}

// ltrShow prints a question the model w misses at the top.
func ltrShow(q rulesref.TrainQuery, w []float64) {
	type r struct {
		k int
		s float64
	}
	var rs []r
	for k, x := range q.X {
		rs = append(rs, r{k, dot(w, x)})
	}
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].s > rs[b].s })
	fmt.Printf("MISS[%s] %s\n", q.Set, q.Q)
	for i, x := range rs {
		mark := " "
		if q.Rel[x.k] {
			mark = "*"
		}
		if i < 3 || q.Rel[x.k] {
			fmt.Printf("  %s%2d (hand %2d) %6.2f %s\n", mark, i, x.k, x.s, q.IDs[x.k])
		}
		if q.Rel[x.k] {
			break
		}
	}
}
