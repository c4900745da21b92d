// Checks the Helm chart (deploy/helm/idv) without a cluster: rendered with Helm's own Go packages
// for its default values and for values-production.yaml, every object decoded strictly into the
// Kubernetes API's own types (an unknown or misspelt field fails), then what the project promises
// of it: every container has probes, limits and a non-root user with a read-only root and no
// capabilities; only the gateway and the frontends are reachable from outside, through the
// Ingress; NATS is a cluster of 3 and every service is given all of its nodes.
package chartcheck

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

var chartDir = filepath.Join("..", "helm", "idv")

// The values a user must give when the chart makes the Secret.
var required = map[string]interface{}{
	"secrets": map[string]interface{}{
		"apiKey":         "chart-check-api-key",
		"sessionsSecret": "chart-check-sessions-secret-of-enough-length",
		"mongodbUri":     "mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/idv?replicaSet=rs0&w=majority&retryWrites=true",
	},
}

// render renders the chart with the values of `valuesFile` (empty: the defaults) and `extra` on top.
func render(t *testing.T, valuesFile string, extra map[string]interface{}) (map[string]string, error) {
	t.Helper()
	chart, err := loader.Load(chartDir)
	if err != nil {
		t.Fatalf("the chart does not load: %v", err)
	}
	values := map[string]interface{}{}
	if valuesFile != "" {
		values, err = chartutil.ReadValuesFile(filepath.Join(chartDir, valuesFile))
		if err != nil {
			t.Fatalf("%s: %v", valuesFile, err)
		}
	}
	values = chartutil.CoalesceTables(extra, values)
	options := chartutil.ReleaseOptions{Name: "idv", Namespace: "idv", Revision: 1, IsInstall: true}
	renderValues, err := chartutil.ToRenderValues(chart, values, options, chartutil.DefaultCapabilities)
	if err != nil {
		return nil, err
	}
	return engine.Render(chart, renderValues)
}

type object struct {
	source string
	kind   string
	name   string
	value  runtime.Object
}

// decodeAll decodes every document of every rendered file strictly into the API's types.
func decodeAll(t *testing.T, files map[string]string) []object {
	t.Helper()
	strict := json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme.Scheme, scheme.Scheme, json.SerializerOptions{Yaml: true, Strict: true})
	var objects []object
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !strings.HasSuffix(name, ".yaml") {
			continue
		}
		for i, document := range strings.Split(files[name], "\n---") {
			var probe map[string]interface{}
			if err := yaml.Unmarshal([]byte(document), &probe); err != nil {
				t.Errorf("%s, document %d: not YAML: %v\n%s", name, i, err, numbered(document))
				continue
			}
			if len(probe) == 0 {
				continue
			}
			value, kind, err := strict.Decode([]byte(document), nil, nil)
			if err != nil {
				t.Errorf("%s, document %d: does not decode strictly: %v", name, i, err)
				continue
			}
			meta := probe["metadata"].(map[string]interface{})
			objects = append(objects, object{source: name, kind: kind.Kind, name: fmt.Sprint(meta["name"]), value: value})
		}
	}
	return objects
}

func renderedObjects(t *testing.T, valuesFile string) []object {
	t.Helper()
	extra := map[string]interface{}{}
	if valuesFile == "" {
		extra = required
	}
	files, err := render(t, valuesFile, extra)
	if err != nil {
		t.Fatalf("the chart does not render (%q): %v", valuesFile, err)
	}
	objects := decodeAll(t, files)
	if len(objects) == 0 {
		t.Fatal("the chart rendered nothing")
	}
	return objects
}

var valueSets = []string{"", "values-production.yaml"}

func TestEveryObjectDecodesStrictly(t *testing.T) {
	for _, values := range valueSets {
		objects := renderedObjects(t, values)
		kinds := map[string]int{}
		for _, o := range objects {
			kinds[o.kind]++
		}
		for _, kind := range []string{"Deployment", "StatefulSet", "Service", "Ingress", "ConfigMap", "PodDisruptionBudget", "NetworkPolicy", "HorizontalPodAutoscaler"} {
			if kinds[kind] == 0 {
				t.Errorf("values %q: no %s rendered", values, kind)
			}
		}
		t.Logf("values %q: %d objects decoded strictly: %v", values, len(objects), kinds)
	}
}

func TestRefusesToRenderWithoutSecrets(t *testing.T) {
	_, err := render(t, "", map[string]interface{}{})
	if err == nil || !strings.Contains(err.Error(), "secrets.apiKey is required") {
		t.Fatalf("rendering without secrets: err = %v, want one naming secrets.apiKey", err)
	}
}

// Every Deployment and StatefulSet, with its pod template.
func workloads(objects []object) map[string]corev1.PodTemplateSpec {
	found := map[string]corev1.PodTemplateSpec{}
	for _, o := range objects {
		switch v := o.value.(type) {
		case *appsv1.Deployment:
			found[o.name] = v.Spec.Template
		case *appsv1.StatefulSet:
			found[o.name] = v.Spec.Template
		}
	}
	return found
}

func TestEveryContainerHasProbesLimitsAndNoPrivileges(t *testing.T) {
	for _, values := range valueSets {
		pods := workloads(renderedObjects(t, values))
		want := []string{"mf-landing", "mf-session", "mf-verify", "nats", "shell", "svc-gateway", "svc-sessions", "svc-verification"}
		var got []string
		for name := range pods {
			got = append(got, name)
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("values %q: workloads = %v, want %v (each app its own Deployment)", values, got, want)
		}
		for name, pod := range pods {
			security := pod.Spec.SecurityContext
			if security == nil || security.RunAsNonRoot == nil || !*security.RunAsNonRoot || security.RunAsUser == nil || *security.RunAsUser == 0 {
				t.Errorf("%s: the pod must run as a non-root user", name)
			}
			if pod.Spec.AutomountServiceAccountToken == nil || *pod.Spec.AutomountServiceAccountToken {
				t.Errorf("%s: no app talks to the Kubernetes API: its token must not be mounted", name)
			}
			for _, c := range pod.Spec.Containers {
				where := fmt.Sprintf("values %q, %s/%s", values, name, c.Name)
				if c.ReadinessProbe == nil || c.LivenessProbe == nil {
					t.Errorf("%s: needs a readiness and a liveness probe", where)
				}
				if c.Resources.Limits.Cpu().IsZero() || c.Resources.Limits.Memory().IsZero() || c.Resources.Requests.Memory().IsZero() {
					t.Errorf("%s: needs CPU and memory limits and a memory request", where)
				}
				s := c.SecurityContext
				if s == nil || s.ReadOnlyRootFilesystem == nil || !*s.ReadOnlyRootFilesystem {
					t.Errorf("%s: the root filesystem must be read-only", where)
				}
				if s == nil || s.AllowPrivilegeEscalation == nil || *s.AllowPrivilegeEscalation {
					t.Errorf("%s: must not allow privilege escalation", where)
				}
				if s == nil || s.Capabilities == nil || len(s.Capabilities.Add) > 0 || len(s.Capabilities.Drop) != 1 || s.Capabilities.Drop[0] != "ALL" {
					t.Errorf("%s: must drop every capability and add none", where)
				}
			}
		}
	}
}

func TestOnlyTheGatewayAndFrontendsAreReachableFromOutside(t *testing.T) {
	for _, values := range valueSets {
		objects := renderedObjects(t, values)
		exposed := map[string]bool{"svc-gateway": true, "shell": true, "mf-landing": true, "mf-session": true, "mf-verify": true}
		for _, o := range objects {
			switch v := o.value.(type) {
			case *corev1.Service:
				if v.Spec.Type != corev1.ServiceTypeClusterIP && v.Spec.Type != "" {
					t.Errorf("values %q: Service %s is %s: nothing is exposed but through the Ingress", values, o.name, v.Spec.Type)
				}
				if !exposed[o.name] && o.name != "nats-cluster" {
					t.Errorf("values %q: Service %s: only the gateway, the frontends and NATS's own nodes have one", values, o.name)
				}
			case *networkingv1.Ingress:
				if len(v.Spec.TLS) == 0 {
					t.Errorf("values %q: the Ingress has no TLS", values)
				}
				for _, rule := range v.Spec.Rules {
					for _, path := range rule.HTTP.Paths {
						if !exposed[path.Backend.Service.Name] {
							t.Errorf("values %q: the Ingress routes %s%s to %s, a backend", values, rule.Host, path.Path, path.Backend.Service.Name)
						}
					}
				}
			case *networkingv1.NetworkPolicy:
				for _, component := range []string{"svc-sessions", "svc-verification"} {
					if v.Spec.PodSelector.MatchLabels["app.kubernetes.io/name"] == component && len(v.Spec.Ingress) > 0 {
						t.Errorf("values %q: NetworkPolicy %s lets connections into %s, which takes none", values, o.name, component)
					}
				}
			}
		}
		var denyAll bool
		for _, o := range objects {
			if p, ok := o.value.(*networkingv1.NetworkPolicy); ok && o.name == "default-deny" && len(p.Spec.Ingress) == 0 {
				denyAll = true
			}
		}
		if !denyAll {
			t.Errorf("values %q: no default-deny NetworkPolicy for the release's pods", values)
		}
	}
}

func TestNatsIsAClusterOfThreeAndServicesUseEveryNode(t *testing.T) {
	for _, values := range valueSets {
		objects := renderedObjects(t, values)
		for _, o := range objects {
			switch v := o.value.(type) {
			case *appsv1.StatefulSet:
				if o.name == "nats" && (v.Spec.Replicas == nil || *v.Spec.Replicas != 3) {
					t.Errorf("values %q: NATS has %v nodes, want 3", values, v.Spec.Replicas)
				}
			case *appsv1.Deployment:
				env := map[string]string{}
				for _, e := range v.Spec.Template.Spec.Containers[0].Env {
					env[e.Name] = e.Value
				}
				if !strings.HasPrefix(o.name, "svc-") {
					continue
				}
				if n := len(strings.Split(env["NATS_URL"], ",")); n != 3 {
					t.Errorf("values %q: %s is given %d NATS nodes (%q), want all 3", values, o.name, n, env["NATS_URL"])
				}
				if o.name != "svc-gateway" && env["NATS_STREAM_REPLICAS"] != "3" {
					t.Errorf("values %q: %s keeps the status stream on %q nodes, want 3", values, o.name, env["NATS_STREAM_REPLICAS"])
				}
			case *policyv1.PodDisruptionBudget:
				if v.Spec.MaxUnavailable == nil || v.Spec.MaxUnavailable.IntValue() != 1 {
					t.Errorf("values %q: PodDisruptionBudget %s must let one pod go at a time", values, o.name)
				}
			case *autoscalingv2.HorizontalPodAutoscaler:
				if v.Spec.MinReplicas == nil || *v.Spec.MinReplicas < 2 {
					t.Errorf("values %q: %s may scale below 2 instances", values, o.name)
				}
			}
		}
	}
}

// numbered is a rendered document with its line numbers, for the message of a document that is not YAML.
func numbered(document string) string {
	lines := strings.Split(document, "\n")
	for i := range lines {
		lines[i] = fmt.Sprintf("%4d  %s", i, lines[i])
	}
	return strings.Join(lines, "\n")
}
