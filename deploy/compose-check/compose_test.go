// Validates docker-compose.yml with compose-go, the loader Docker Compose itself uses:
// schema validation, interpolation and normalisation, then what this project promises of it.
package composecheck

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

var root = filepath.Join("..", "..")

func load(t *testing.T, env []string) (*types.Project, error) {
	t.Helper()
	options, err := cli.NewProjectOptions(
		[]string{filepath.Join(root, "docker-compose.yml")},
		cli.WithWorkingDirectory(root),
		cli.WithEnv(env),
		cli.WithName("idv"),
	)
	if err != nil {
		t.Fatalf("project options: %v", err)
	}
	return options.LoadProject(context.Background())
}

func mustLoad(t *testing.T) *types.Project {
	t.Helper()
	project, err := load(t, []string{"API_KEY=compose-check-key", "SESSIONS_SECRET=compose-check-sessions-secret"})
	if err != nil {
		t.Fatalf("docker-compose.yml does not load: %v", err)
	}
	return project
}

var apps = []string{"svc-gateway", "svc-sessions", "svc-verification", "shell", "mf-landing", "mf-session", "mf-verify"}

func TestLoadsAndHasEveryService(t *testing.T) {
	project := mustLoad(t)
	names := project.ServiceNames()
	sort.Strings(names)
	want := append([]string{"mongo", "nats"}, apps...)
	sort.Strings(want)
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("services = %v, want %v", names, want)
	}
}

func TestRefusesToLoadWithoutAnApiKey(t *testing.T) {
	_, err := load(t, []string{"SESSIONS_SECRET=compose-check-sessions-secret"})
	if err == nil || !strings.Contains(err.Error(), "API_KEY") {
		t.Fatalf("loading without API_KEY: err = %v, want a message naming API_KEY", err)
	}
}

func TestRefusesToLoadWithoutASessionsSecret(t *testing.T) {
	_, err := load(t, []string{"API_KEY=compose-check-key"})
	if err == nil || !strings.Contains(err.Error(), "SESSIONS_SECRET") {
		t.Fatalf("loading without SESSIONS_SECRET: err = %v, want a message naming SESSIONS_SECRET", err)
	}
}

func TestEveryServiceHasAHealthCheckAndARestartPolicy(t *testing.T) {
	for name, service := range mustLoad(t).Services {
		if service.HealthCheck == nil || len(service.HealthCheck.Test) == 0 || service.HealthCheck.Disable {
			t.Errorf("%s has no health check", name)
		}
		if service.Restart != "unless-stopped" {
			t.Errorf("%s restart = %q, want unless-stopped", name, service.Restart)
		}
	}
}

// The services share deploy/service.Dockerfile and the browser apps deploy/frontend.Dockerfile;
// the build arguments say which app an image is, and for a browser app whether it is the shell.
var imageOf = map[string]struct{ dockerfile, args string }{
	"svc-gateway":      {"deploy/service.Dockerfile", "SERVICE=svc-gateway"},
	"svc-sessions":     {"deploy/service.Dockerfile", "SERVICE=svc-sessions"},
	"svc-verification": {"deploy/service.Dockerfile", "SERVICE=svc-verification"},
	"shell":            {"deploy/frontend.Dockerfile", "APP=shell ROLE=shell"},
	"mf-landing":       {"deploy/frontend.Dockerfile", "APP=mf-landing ROLE=remote"},
	"mf-session":       {"deploy/frontend.Dockerfile", "APP=mf-session ROLE=remote"},
	"mf-verify":        {"deploy/frontend.Dockerfile", "APP=mf-verify ROLE=remote"},
}

func buildArgs(args types.MappingWithEquals) string {
	pairs := []string{}
	for key, value := range args {
		if value == nil {
			pairs = append(pairs, key)
		} else {
			pairs = append(pairs, key+"="+*value)
		}
	}
	sort.Strings(pairs)
	return strings.Join(pairs, " ")
}

func TestEveryAppBuildsFromASharedMultiStageDockerfileWithItsArguments(t *testing.T) {
	project := mustLoad(t)
	from := regexp.MustCompile(`(?m)^FROM `)
	for _, name := range apps {
		want, known := imageOf[name]
		service := project.Services[name]
		if !known || service.Build == nil {
			t.Errorf("%s has no build", name)
			continue
		}
		if service.Build.Dockerfile != want.dockerfile {
			t.Errorf("%s builds from %q, want %s", name, service.Build.Dockerfile, want.dockerfile)
		}
		if got := buildArgs(service.Build.Args); got != want.args {
			t.Errorf("%s build args = %q, want %q", name, got, want.args)
		}
		content, err := os.ReadFile(filepath.Join(root, want.dockerfile))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if stages := len(from.FindAllIndex(content, -1)); stages < 2 {
			t.Errorf("%s has %d stage(s), want a multi-stage build", want.dockerfile, stages)
		}
		for _, arg := range strings.Fields(want.args) {
			key := strings.SplitN(arg, "=", 2)[0]
			if !regexp.MustCompile(`(?m)^ARG ` + key + `\b`).Match(content) {
				t.Errorf("%s declares no ARG %s, which %s sets", want.dockerfile, key, name)
			}
		}
	}
}

func TestInfrastructureImagesAndNatsConfig(t *testing.T) {
	project := mustLoad(t)
	if image := project.Services["mongo"].Image; image != "mongo:7" {
		t.Errorf("mongo image = %q, want mongo:7", image)
	}
	nats := project.Services["nats"]
	if !strings.HasPrefix(nats.Image, "nats:2.10") {
		t.Errorf("nats image = %q, want nats:2.10", nats.Image)
	}
	command := strings.Join(nats.Command, " ")
	if !strings.Contains(command, "-js") || !strings.Contains(command, "-c /etc/nats/nats.conf") {
		t.Errorf("nats command = %q, want JetStream and the config file", command)
	}
	mounted := false
	for _, volume := range nats.Volumes {
		if volume.Target == "/etc/nats/nats.conf" && strings.HasSuffix(volume.Source, filepath.Join("deploy", "nats", "nats-compose.conf")) {
			mounted = true
		}
	}
	if !mounted {
		t.Errorf("nats does not mount deploy/nats/nats-compose.conf")
	}
	for _, name := range []string{"nats.conf", "nats-compose.conf"} {
		config, err := os.ReadFile(filepath.Join(root, "deploy", "nats", name))
		if err != nil || !regexp.MustCompile(`(?m)^max_payload:\s*16MB`).Match(config) {
			t.Errorf("deploy/nats/%s must set max_payload: 16MB, above the 12 MB verification body (err %v)", name, err)
		}
	}
	// NATS 2.10 in compose flushes JetStream to disk before it acknowledges a result.
	compose, _ := os.ReadFile(filepath.Join(root, "deploy", "nats", "nats-compose.conf"))
	if !regexp.MustCompile(`(?m)^\s*sync_interval:\s*always`).Match(compose) {
		t.Errorf("deploy/nats/nats-compose.conf must set jetstream sync_interval: always")
	}
}

func TestEnvironmentForKeysServicesAndRemotes(t *testing.T) {
	project := mustLoad(t)
	expect := map[string][]string{
		"svc-gateway":      {"API_KEY", "NATS_URL", "CORS_ORIGINS"},
		"svc-sessions":     {"NATS_URL", "MONGODB_URI", "SESSIONS_SECRET"},
		"svc-verification": {"NATS_URL"},
		"shell":            {"API_KEY", "API_BASE_URL", "REMOTE_MF_LANDING_URL", "REMOTE_MF_SESSION_URL", "REMOTE_MF_VERIFY_URL"},
	}
	for name, keys := range expect {
		for _, key := range keys {
			if value, ok := project.Services[name].Environment[key]; !ok || value == nil || *value == "" {
				t.Errorf("%s lacks environment %s", name, key)
			}
		}
	}
	if key := project.Services["svc-gateway"].Environment["API_KEY"]; key == nil || *key != "compose-check-key" {
		t.Errorf("the gateway's API_KEY is not taken from the deployer's environment")
	}
}
