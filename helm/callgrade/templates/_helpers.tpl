{{/* Names, labels and the pieces every callgrade pod shares. */}}

{{- define "callgrade.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "callgrade.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "callgrade.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "callgrade.selectorLabels" -}}
app.kubernetes.io/name: {{ include "callgrade.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "callgrade.labels" -}}
helm.sh/chart: {{ include "callgrade.chart" . }}
{{ include "callgrade.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "callgrade.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{- define "callgrade.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "callgrade.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "callgrade.secretName" -}}
{{- default (printf "%s-env" (include "callgrade.fullname" .)) .Values.existingSecret }}
{{- end }}

{{- define "callgrade.configMapName" -}}
{{- printf "%s-config" (include "callgrade.fullname" .) }}
{{- end }}

{{/*
Fail the render early, with the value to fix, rather than ship pods that crash-loop. With
existingSecret the Secret is the operator's; its keys are not visible here.
*/}}
{{- define "callgrade.validate" -}}
{{- if not .Values.existingSecret }}
{{- $env := .Values.secretEnv }}
{{- $_ := required "secretEnv.CALLGRADE_DATABASE_URL is required (postgresql://...), or set existingSecret" $env.CALLGRADE_DATABASE_URL }}
{{- $_ := required "secretEnv.CALLGRADE_BROKER_URL is required (amqp://... or redis://...): workers run in their own pods" $env.CALLGRADE_BROKER_URL }}
{{- $blob := required "secretEnv.CALLGRADE_BLOB_URL is required (s3://bucket/prefix)" $env.CALLGRADE_BLOB_URL }}
{{- if not (hasPrefix "s3://" $blob) }}
{{- fail "secretEnv.CALLGRADE_BLOB_URL must be an s3:// URL: the pods share no file system" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Restart pods when the chart-managed settings change (not when an existingSecret changes). */}}
{{- define "callgrade.envChecksum" -}}
{{- printf "%s|%s|%s" (toJson .Values.secretEnv) (toJson .Values.config) .Values.existingSecret | sha256sum }}
{{- end }}

{{- define "callgrade.envFrom" -}}
- configMapRef:
    name: {{ include "callgrade.configMapName" . }}
- secretRef:
    name: {{ include "callgrade.secretName" . }}
{{- end }}

{{/* Read-only root file system: /tmp is the one writable place. */}}
{{- define "callgrade.tmpVolumeMount" -}}
- name: tmp
  mountPath: /tmp
{{- end }}

{{- define "callgrade.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpVolume.sizeLimit }}
{{- end }}

{{- define "callgrade.scheduling" -}}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}
