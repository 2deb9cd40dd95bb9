//! TLS between Arbiter's services: a local CA and one certificate per service ([`LocalPki`]),
//! the flags that point a service at them ([`InternalTlsArgs`]), and the public API's optional
//! server certificate ([`PublicTlsArgs`]).
//!
//! The rules and randomness services require a client certificate signed by the local CA
//! (mutual TLS); the orchestrator presents its own. Each service certificate is valid for
//! both ends (server and client authentication), for 127.0.0.1, localhost and any extra names.

use std::path::{Path, PathBuf};

use tonic::transport::{Certificate, ClientTlsConfig, Identity, ServerTlsConfig};

/// The services that get a certificate from [`LocalPki`].
pub const SERVICES: [&str; 3] = ["orchestrator", "rules", "randomness"];

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error("cannot create a certificate: {0}")]
    Generate(#[from] rcgen::Error),
    #[error("{0}")]
    Config(String),
}

/// A local CA and a certificate per service, as files in one directory:
/// `ca.pem`, `ca.key`, `<service>.pem`, `<service>.key` (keys mode 0600, directory 0700).
#[derive(Clone, Debug)]
pub struct LocalPki {
    dir: PathBuf,
}

impl LocalPki {
    /// Use the CA and certificates in `dir`, or create them all if any is missing. `names` are
    /// extra DNS names or IP addresses for the service certificates (besides 127.0.0.1 and
    /// localhost); they are used only when the certificates are created.
    pub fn load_or_create(dir: &Path, names: &[String]) -> Result<LocalPki, TlsError> {
        let pki = LocalPki { dir: dir.to_path_buf() };
        let mut files = vec![pki.ca(), pki.dir.join("ca.key")];
        for s in SERVICES {
            files.push(pki.cert(s));
            files.push(pki.key(s));
        }
        if files.iter().all(|f| f.exists()) {
            return Ok(pki);
        }
        pki.create(names)?;
        Ok(pki)
    }

    fn create(&self, names: &[String]) -> Result<(), TlsError> {
        use rcgen::{BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair, KeyUsagePurpose};
        create_private_dir(&self.dir)?;
        let ca_key = KeyPair::generate()?;
        let mut ca = CertificateParams::new(Vec::<String>::new())?;
        ca.distinguished_name.push(DnType::CommonName, "Arbiter local CA");
        ca.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
        ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
        let ca_cert = ca.self_signed(&ca_key)?;
        let ca_key_pem = ca_key.serialize_pem();
        let mut sans = vec!["127.0.0.1".to_string(), "localhost".to_string()];
        sans.extend(names.iter().filter(|n| !n.is_empty()).cloned());
        // Written first to temporary names and renamed at the end, so a crash leaves no
        // half-made set that would be taken as complete.
        let mut written = Vec::new();
        let issuer = Issuer::new(ca, ca_key);
        for service in SERVICES {
            let key = KeyPair::generate()?;
            let mut params = CertificateParams::new(sans.clone())?;
            params.distinguished_name.push(DnType::CommonName, format!("arbiter-{service}"));
            params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
            params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth, ExtendedKeyUsagePurpose::ClientAuth];
            let cert = params.signed_by(&key, &issuer)?;
            written.push((self.cert(service), write_temp(&self.cert(service), cert.pem().as_bytes())?));
            written.push((self.key(service), write_temp(&self.key(service), key.serialize_pem().as_bytes())?));
        }
        written.push((self.dir.join("ca.key"), write_temp(&self.dir.join("ca.key"), ca_key_pem.as_bytes())?));
        // The CA certificate last: its presence means the set is complete.
        written.push((self.ca(), write_temp(&self.ca(), ca_cert.pem().as_bytes())?));
        for (path, temp) in written {
            std::fs::rename(&temp, &path).map_err(|source| TlsError::Write { path, source })?;
        }
        Ok(())
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The CA certificate (trust anchor of every internal connection).
    pub fn ca(&self) -> PathBuf {
        self.dir.join("ca.pem")
    }

    pub fn cert(&self, service: &str) -> PathBuf {
        self.dir.join(format!("{service}.pem"))
    }

    pub fn key(&self, service: &str) -> PathBuf {
        self.dir.join(format!("{service}.key"))
    }

    /// The flags that give `service` its identity and the CA.
    pub fn args(&self, service: &str) -> InternalTlsArgs {
        InternalTlsArgs { internal_ca: Some(self.ca()), internal_cert: Some(self.cert(service)), internal_key: Some(self.key(service)) }
    }
}

fn create_private_dir(dir: &Path) -> Result<(), TlsError> {
    std::fs::create_dir_all(dir).map_err(|source| TlsError::Write { path: dir.to_path_buf(), source })?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(|source| TlsError::Write { path: dir.to_path_buf(), source })?;
    }
    Ok(())
}

/// Write `bytes` next to `path` under a temporary name, mode 0600; returns that name.
fn write_temp(path: &Path, bytes: &[u8]) -> Result<PathBuf, TlsError> {
    infra::private_file::write_temp(path, bytes).map_err(|source| TlsError::Write { path: infra::private_file::temp_path(path), source })
}

fn read(path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|source| TlsError::Read { path: path.to_path_buf(), source })
}

/// Mutual TLS between Arbiter's services: the local CA and this service's certificate and key.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct InternalTlsArgs {
    /// CA certificate (PEM) that signs every Arbiter service certificate. The rules and
    /// randomness services accept only clients with a certificate signed by it; the
    /// orchestrator accepts only such servers. `arbiter up` creates it: <data-dir>/tls/ca.pem.
    #[arg(long, env = "ARBITER_INTERNAL_CA")]
    pub internal_ca: Option<PathBuf>,
    /// This service's certificate (PEM), signed by --internal-ca (<data-dir>/tls/<service>.pem).
    #[arg(long, env = "ARBITER_INTERNAL_CERT")]
    pub internal_cert: Option<PathBuf>,
    /// This service's private key (PEM) for --internal-cert (<data-dir>/tls/<service>.key).
    #[arg(long, env = "ARBITER_INTERNAL_KEY")]
    pub internal_key: Option<PathBuf>,
}

impl InternalTlsArgs {
    fn files(&self, service: &str) -> Result<(&Path, &Path, &Path), TlsError> {
        match (&self.internal_ca, &self.internal_cert, &self.internal_key) {
            (Some(ca), Some(cert), Some(key)) => Ok((ca, cert, key)),
            _ => Err(TlsError::Config(format!(
                "the {service} service talks to Arbiter's other services over mutual TLS only: pass \
                 --internal-ca, --internal-cert and --internal-key (`arbiter up` creates them in \
                 <data-dir>/tls; see docs/security.md)"
            ))),
        }
    }

    /// A server config that requires a client certificate signed by the CA.
    pub fn server_config(&self, service: &str) -> Result<ServerTlsConfig, TlsError> {
        let (ca, cert, key) = self.files(service)?;
        Ok(ServerTlsConfig::new().identity(Identity::from_pem(read(cert)?, read(key)?)).client_ca_root(Certificate::from_pem(read(ca)?)))
    }

    /// A client config that trusts only servers with a certificate signed by the CA and
    /// presents this service's certificate.
    pub fn client_config(&self, service: &str) -> Result<ClientTlsConfig, TlsError> {
        let (ca, cert, key) = self.files(service)?;
        Ok(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(read(ca)?)).identity(Identity::from_pem(read(cert)?, read(key)?)))
    }
}

/// TLS for the public match API (optional; plaintext on loopback is the local default).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct PublicTlsArgs {
    /// Serve the match API over TLS with this certificate chain (PEM); needs --tls-key. Clients
    /// then use https:// (and `arbiter --tls-ca` if the certificate is not from a CA they trust).
    #[arg(long, env = "ARBITER_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// Private key (PEM) of --tls-cert.
    #[arg(long, env = "ARBITER_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
}

impl PublicTlsArgs {
    /// The server config, if a certificate was given.
    pub fn server_config(&self) -> Result<Option<ServerTlsConfig>, TlsError> {
        match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => Ok(Some(ServerTlsConfig::new().identity(Identity::from_pem(read(cert)?, read(key)?)))),
            (None, None) => Ok(None),
            _ => Err(TlsError::Config("pass both --tls-cert and --tls-key, or neither".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pki_is_made_once_with_private_keys() {
        let dir = tempfile::tempdir().unwrap();
        let tls = dir.path().join("tls");
        let pki = LocalPki::load_or_create(&tls, &["arbiter.internal".into()]).unwrap();
        let ca = std::fs::read(pki.ca()).unwrap();
        let again = LocalPki::load_or_create(&tls, &[]).unwrap();
        assert_eq!(std::fs::read(again.ca()).unwrap(), ca, "kept across restarts");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            for s in SERVICES {
                let mode = std::fs::metadata(pki.key(s)).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o600, "{s}");
            }
            let mode = std::fs::metadata(tls.join("ca.key")).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        for s in SERVICES {
            assert!(std::fs::read_to_string(pki.cert(s)).unwrap().starts_with("-----BEGIN CERTIFICATE"), "{s}");
            assert!(std::fs::read_to_string(pki.key(s)).unwrap().contains("PRIVATE KEY"), "{s}");
        }
        assert!(pki.args("rules").server_config("rules").is_ok());
        assert!(InternalTlsArgs::default().server_config("rules").unwrap_err().to_string().contains("--internal-ca"));
    }
}
