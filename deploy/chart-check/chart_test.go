package chartcheck

import (
	"testing"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
)

func TestPlaceholder(t *testing.T) {
	_ = loader.Load
	_ = chartutil.ToRenderValues
	_ = engine.Render
	_ = json.NewSerializerWithOptions
	_ = scheme.Scheme
}
