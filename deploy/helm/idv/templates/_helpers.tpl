{{/* Labels every object carries; `component` names the app (svc-gateway, shell, nats, ...). */}}
{{- define "idv.labels" -}}
app.kubernetes.io/name: {{ .component }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/part-of: idv
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end }}

{{- define "idv.selector" -}}
app.kubernetes.io/name: {{ .component }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{- define "idv.image" -}}
{{ printf "%s/%s:%s" .root.Values.image.registry .component (.root.Values.image.tag | default .root.Chart.AppVersion) }}
{{- end }}

{{- define "idv.secretName" -}}
{{ .Values.secrets.existingSecret | default (printf "%s-secrets" .Release.Name) }}
{{- end }}

{{/* Every NATS node, comma-separated: what NATS_URL gives each service. */}}
{{- define "idv.natsUrl" -}}
{{- if .Values.nats.enabled -}}
{{- $urls := list -}}
{{- range $i := until (int .Values.nats.replicas) -}}
{{- $urls = append $urls (printf "nats://nats-%d.nats-cluster.%s.svc:4222" $i $.Release.Namespace) -}}
{{- end -}}
{{ join "," $urls }}
{{- else -}}
{{ required "nats.url is required when nats.enabled is false" .Values.nats.url }}
{{- end -}}
{{- end }}

{{- define "idv.streamReplicas" -}}
{{ if .Values.nats.enabled }}{{ min 3 (int .Values.nats.replicas) }}{{ else }}{{ .Values.nats.streamReplicas | default 3 }}{{ end }}
{{- end }}

{{/* The pod's and the container's security settings: non-root, read-only root, no capabilities. */}}
{{- define "idv.podSecurity" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .uid }}
fsGroup: {{ .uid }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "idv.containerSecurity" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: [ALL]
{{- end }}
