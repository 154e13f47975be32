import Foundation
import Synchronization
import TestSupport

/// Checks responses against the committed OpenAPI document with Python's `jsonschema`
/// (Draft 2020-12, the dialect of OpenAPI 3.1, with its format checker): a validator no one on
/// the team wrote. A test records each response with the operation it answered, then checks
/// them all in one run of the validator.
final class OpenAPIConformance: Sendable {
    /// The committed document.
    static let documentPath = TestData.package("Sources/RideServer/Resources/openapi.json").path

    /// Each response as the validator reads it: method, path, status, contentType, body.
    private let recorded = Mutex<[[String: String]]>([])

    /// Records a response to `method` on the document's path template (`/rides/{rideIdentifier}`).
    func record(_ method: String, _ template: String, _ reply: HTTPProbe.Reply) {
        let entry: [String: String] = [
            "method": method.lowercased(), "path": template, "status": String(reply.status),
            "contentType": reply.contentType, "body": reply.text,
        ]
        recorded.withLock { $0.append(entry) }
    }

    /// Records a Server-Sent Event's data, which the document gives as a RideStatus.
    func recordEvent(_ data: String) {
        record(schema: "RideStatus", data, label: "/rides/{rideIdentifier}/events")
    }

    /// Records a JSON text to be checked against the document's component schema `schema`.
    func record(schema: String, _ body: String, label: String) {
        recorded.withLock {
            $0.append([
                "schema": schema, "body": body, "method": "json", "path": label, "status": "-", "contentType": "application/json",
            ])
        }
    }

    /// The problems found, one line each: an undocumented status or media type, or a body the
    /// schema refuses. Empty when every recorded response conforms.
    func problems() async throws -> [String] {
        let entries = recorded.withLock { $0 }
        let input = try JSONSerialization.data(withJSONObject: ["document": Self.documentPath, "responses": entries])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("responses.json").path
        let scriptPath = directory.appendingPathComponent("check.py").path
        try input.write(to: URL(fileURLWithPath: inputPath))
        try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let child = try ChildProcess(
            "/usr/bin/env", ["python3", scriptPath, inputPath], environment: ProcessInfo.processInfo.environment,
            stdout: directory.appendingPathComponent("out").path, stderr: directory.appendingPathComponent("err").path)
        guard let status = await child.exited(within: .seconds(120)) else {
            child.stop()
            return ["the validator did not finish within 120 s"]
        }
        guard status == 0 else { return ["the validator failed (status \(status)): \(child.stderr)"] }
        return child.stdout.split(separator: "\n").map(String.init)
    }

    /// The validator: every response's status and media type must be documented for its
    /// operation, and its body must match the schema there (JSON bodies only).
    static let script = #"""
        import json, sys
        from jsonschema import Draft202012Validator, FormatChecker
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        request = json.load(open(sys.argv[1]))
        document = json.load(open(request["document"]))
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        registry = Registry().with_resource("urn:lodestar:openapi", resource)
        checker = FormatChecker()

        def validate(schema, instance, label):
            wrapped = {"$ref": "urn:lodestar:openapi#" + schema} if isinstance(schema, str) else schema
            validator = Draft202012Validator(wrapped, registry=registry, format_checker=checker)
            for error in validator.iter_errors(instance):
                print(f"{label}: {error.json_path}: {error.message}"[:400])

        for r in request["responses"]:
            label = f'{r["method"].upper()} {r["path"]} {r["status"]}'
            if "schema" in r:
                validate("/components/schemas/" + r["schema"], json.loads(r["body"]), label)
                continue
            operation = document["paths"].get(r["path"], {}).get(r["method"])
            if operation is None:
                print(f"{label}: no such operation in the document"); continue
            response = operation["responses"].get(r["status"])
            if response is None:
                print(f"{label}: status not documented"); continue
            if "$ref" in response:
                response = document["components"]["responses"][response["$ref"].split("/")[-1]]
            media = r["contentType"].split(";")[0].strip()
            content = response.get("content", {})
            if media not in content:
                print(f"{label}: media type {media!r} not documented ({', '.join(content)})"); continue
            if not media.endswith("json"):
                continue
            try:
                body = json.loads(r["body"])
            except ValueError as e:
                print(f"{label}: body is not JSON: {e}"); continue
            schema = content[media]["schema"]
            if "$ref" in schema:
                validate(schema["$ref"].lstrip("#"), body, label)
            else:
                validate(schema, body, label)
        """#
}
